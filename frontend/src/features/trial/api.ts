import createClient from 'openapi-fetch';
import { call } from '../../api/client';
import type { components, paths } from '../../api/schema-public';

// The public host's API (config/urls_public.py): the trial area's calls, typed from its own
// generated schema (scripts/openapi.sh). A prospect has no member session: nothing to add.
const publicApi = createClient<paths>({
  baseUrl: window.location.origin,
  fetch: (request) => fetch(request),
  credentials: 'include',
  cache: 'no-store',
});

export type SignUpIn = components['schemas']['SignUpIn'];
export type TrialPlan = components['schemas']['TrialPlanOut'];
export type Setup = components['schemas']['SetupOut'];

export const trialSignUp = (body: SignUpIn) => call(publicApi.POST('/api/trial/signup', { body }));
export const trialConfirm = (token: string) => call(publicApi.POST('/api/trial/confirm', { body: { token } }));
export const trialPlans = () => call(publicApi.GET('/api/trial/plans'));
export const trialPlanChoose = (planId: number) => call(publicApi.POST('/api/trial/plan', { body: { planId } }));
export const trialSetup = () => call(publicApi.GET('/api/trial/setup'));
