import {
  keepPreviousData,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { messages } from '../lib/messages';
import { toast } from '../lib/toast';
import { toastError } from '../lib/toast-error';

/**
 * Server state goes through one query cache (TanStack Query). The conventions:
 * - every cached answer belongs to one resource, and its key starts with that resource's name
 *   (`queryKeys`), so a write invalidates a whole resource by name and never needs to know
 *   which lists and details of it are on screen;
 * - reads go through `useApiQuery` over a function of the typed client (`call(api.GET(...))`);
 * - writes go through `useApiMutation` (or `useInvalidate` after a write that is not one call)
 *   and name the resources they change: the screens showing them refetch by themselves.
 *   A failed write shows the error toast, as every write of the app does.
 */
export const resources = [
  'abReports',
  'activity',
  'activityPeople',
  'campaignChoices',
  'campaignReports',
  'campaigns',
  'campaignSettings',
  'campaignTypes',
  'checkoutForms',
  'clientSettings',
  'commerceOrders',
  'commerceProducts',
  'commerceSubscriptions',
  'deliveryPaces',
  'disclaimers',
  'domains',
  'enrollmentDashboard',
  'externalPreview',
  'fields',
  'fileFolders',
  'files',
  'firstSteps',
  'forms',
  'formFields',
  'formPreview',
  'formReports',
  'formThemes',
  'disclaimers',
  'groupCategories',
  'groups',
  'headerFooters',
  'imports',
  'jobs',
  'optOut',
  'optOutForms',
  'pageDomains',
  'pageStorage',
  'performanceReport',
  'preferences',
  'previewProfiles',
  'profiles',
  'reps',
  'scheduleSummary',
  'segments',
  'biSegments',
  'senderDomains',
  'senderActivation',
  'senders',
  'sendingHealth',
  'summaryData',
  'summaryDigests',
  'summaryNotifications',
  'tags',
  'templateFolders',
  'templatePreviews',
  'templates',
  'transports',
  'updatePreferences',
  'workflows',
  'workflowAnalytics',
  'enrollments',
  'landingPages',
  'forms',
] as const;
export type Resource = (typeof resources)[number];

export const queryKeys = {
  /** Everything cached of a resource: what a write to it invalidates. */
  all: (resource: Resource) => [resource] as const,
  /** One page (or the whole) of a resource's list, for these parameters. */
  list: (resource: Resource, params: object = {}) => [resource, 'list', params] as const,
  /** One object of a resource (or a resource's one answer, such as the sending health: `'current'`). */
  detail: (resource: Resource, id: string | number | null, params: object = {}) => [resource, 'detail', id, params] as const,
};

/**
 * The app's cache: no retries and no refetch on window focus (each screen loads once when it
 * opens and again when a write changes what it shows), and requests go out whatever the
 * browser thinks of the network, as they did before the cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export interface ApiQuery<T> {
  /** The latest answer; while a new key loads, the previous key's answer (null before any). */
  data: T | null;
  /** True until the current key has an answer of its own (a refetch of shown data is not loading). */
  loading: boolean;
  /** True while any request for it is out, a background refetch included. */
  fetching: boolean;
  /** The failed request's message (the server's, in the spec's wording), or null. */
  error: string | null;
}

interface ApiQueryOptions<T> {
  /** False holds the request back (a screen waiting for an id). */
  enabled?: boolean;
  /** Polls every so many ms; a function of the latest answer stops it by answering false. */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
  /** A lookup whose earlier answer must not stand in for a new key's (default true: lists keep their rows while the next page loads). */
  keepPrevious?: boolean;
  /** A form seeded from the answer: wait for this mount's own answer, never a cached one that may be stale. */
  fresh?: boolean;
}

/** Reads `key` through the cache with `load`, which receives the query's abort signal. */
export function useApiQuery<T>(key: QueryKey, load: (signal: AbortSignal) => Promise<T>, options: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const { enabled = true, refetchInterval, keepPrevious = true, fresh = false } = options;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: typeof refetchInterval === 'function' ? (current) => refetchInterval(current.state.data) : refetchInterval,
  });
  const error = query.error ? query.error.message || messages.somethingWentWrong : null;
  const waiting = fresh && !query.isFetchedAfterMount;
  return {
    data: waiting ? null : (query.data ?? null),
    loading: enabled && (query.isPending || query.isPlaceholderData || waiting),
    fetching: query.isFetching,
    error,
  };
}

/** Marks every cached answer of `changed` stale; those on screen refetch at once. */
export function useInvalidate(): (...changed: Resource[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...changed: Resource[]) => {
      await Promise.all(changed.map((resource) => client.invalidateQueries({ queryKey: queryKeys.all(resource) })));
    },
    [client],
  );
}

interface ApiMutationOptions<Output> {
  /** The resources this write changes; invalidated after it succeeds. */
  invalidates: readonly Resource[];
  /** A success toast, when the screen shows one. */
  success?: string | ((output: Output) => string);
  /** False when the screen shows the refusal itself (a form's field errors); default true. */
  toastErrors?: boolean;
}

/**
 * A write through the cache: `mutateAsync(input)` resolves with the answer after the success
 * toast and the invalidation of what it changed, or rejects after the error toast.
 */
export function useApiMutation<Input, Output>(write: (input: Input) => Promise<Output>, options: ApiMutationOptions<Output>) {
  const invalidate = useInvalidate();
  const { invalidates, success, toastErrors = true } = options;
  return useMutation({
    mutationFn: write,
    onSuccess: (output) => {
      if (success) toast('success', typeof success === 'function' ? success(output) : success);
      void invalidate(...invalidates);
    },
    onError: (error) => {
      if (toastErrors) toastError(error);
    },
  });
}
