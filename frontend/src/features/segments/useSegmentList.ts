import { useNavigate } from 'react-router-dom';
import { queryKeys, useApiQuery, type Resource } from '../../api/query';
import type { PageCount } from '../../api/types';
import { useCrudActions } from '../../components/list/useCrudActions';
import { useListQuery } from '../../components/list/useListQuery';
import { useSession } from '../../lib/session';

type ListParams<Field extends string> = ReturnType<typeof useListQuery<Field>>['params'];

interface SegmentListOptions<T, Field extends string> {
  /** The cached resource: what the list reads and a delete invalidates. */
  resource: Resource;
  load: (params: ListParams<Field>, signal: AbortSignal) => Promise<PageCount & { items: T[] }>;
  remove: (id: number) => Promise<unknown>;
  text: { deleted: string; deleteConfirm: (name: string) => string };
  /** Where "Create segment" goes (the builder of a new segment). */
  builderHref: string;
}

/**
 * What the segment lists (/segmentList and /segmentListbi) share: newest first, the list's
 * answer through the query cache, the delete confirmation naming the segment, the way to the
 * builder and the client's time zone for the dates.
 */
export function useSegmentList<T extends { id: number; name: string }, Field extends string>({ resource, load, remove, text, builderHref }: SegmentListOptions<T, Field>) {
  const { status } = useSession();
  const navigate = useNavigate();
  const list = useListQuery<Field>({ sort: '-updatedAt' as `-${Field}` });
  const segments = useApiQuery(queryKeys.list(resource, list.params), (signal) => load(list.params, signal));
  const crud = useCrudActions<T>({
    invalidates: [resource],
    deleteItem: (segment) => remove(segment.id),
    deletedMessage: text.deleted,
    confirmMessage: (segment) => text.deleteConfirm(segment.name),
  });
  const create = () => navigate(builderHref);
  return { list, segments, crud, create, zoneMinutes: status?.timeZoneMinutes ?? 0 };
}
