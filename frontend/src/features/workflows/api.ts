import { api, call } from '../../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../../api/types';
import type { SortField } from '../../components/list/page-sizes';

// The workflows API (marketing/workflows/api.py), typed by the generated schema.
export type Workflow = ResponseOf<'/api/mm/workflows/{workflow_id}', 'get'>;
export type WorkflowQuery = QueryOf<'/api/mm/workflows', 'get'>;
export type WorkflowSortField = SortField<WorkflowQuery['sort']>;
export type WorkflowTabName = NonNullable<WorkflowQuery['tab']>;
export type WorkflowChanges = BodyOf<'/api/mm/workflows/{workflow_id}', 'patch'>;
export type WorkflowCreate = BodyOf<'/api/mm/workflows', 'post'>;
export type UnpublishChoice = NonNullable<BodyOf<'/api/mm/workflows/{workflow_id}/unpublish', 'post'>['enrollments']>;
export type StepCounts = ResponseOf<'/api/mm/workflows/{workflow_id}/stepCounts', 'get'>;
export type Enrollment = ResponseOf<'/api/mm/workflows/{workflow_id}/enrollments', 'get'>['items'][number];
export type EnrollmentQuery = QueryOf<'/api/mm/workflows/{workflow_id}/enrollments', 'get'>;
export type EnrollmentHistory = ResponseOf<'/api/mm/profiles/{profile_id}/workflowHistory', 'get'>['items'][number];
export type AnalyticsQuery = QueryOf<'/api/mm/workflows/analytics', 'get'>;
export type AnalyticsSortField = SortField<AnalyticsQuery['sort']>;
export type EmailReport = ResponseOf<'/api/mm/workflows/{workflow_id}/emailReport', 'get'>;
export type EmailFigures = EmailReport['total'];
export type AnalyticsRow = ResponseOf<'/api/mm/workflows/analytics', 'get'>['items'][number];

const byId = (id: number) => ({ params: { path: { workflow_id: id } } });

export function listWorkflows(query: WorkflowQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/workflows', { params: { query }, signal }));
}

export function getWorkflow(id: number, signal?: AbortSignal): Promise<Workflow> {
  return call(api.GET('/api/mm/workflows/{workflow_id}', { ...byId(id), signal }));
}

export function createWorkflow(body: WorkflowCreate): Promise<Workflow> {
  return call(api.POST('/api/mm/workflows', { body }));
}

export function saveWorkflow(id: number, body: WorkflowChanges): Promise<Workflow> {
  return call(api.PATCH('/api/mm/workflows/{workflow_id}', { ...byId(id), body }));
}

export function deleteWorkflow(id: number): Promise<void> {
  return call(api.DELETE('/api/mm/workflows/{workflow_id}', byId(id)));
}

/** Publishes the saved draft; the canvas names the steps it holds unapplied edits of (spec 5.9 refuses them). */
export function publishWorkflow(id: number, unsavedStepIds: string[]): Promise<Workflow> {
  return call(api.POST('/api/mm/workflows/{workflow_id}/publish', { ...byId(id), body: { unsavedStepIds } }));
}

/** With enrollments in process the server answers 409 unless `enrollments` says what becomes of them (spec 4). */
export function unpublishWorkflow(id: number, enrollments: UnpublishChoice | null): Promise<Workflow> {
  return call(api.POST('/api/mm/workflows/{workflow_id}/unpublish', { ...byId(id), body: { enrollments } }));
}

export function getStepCounts(id: number, signal?: AbortSignal): Promise<StepCounts> {
  return call(api.GET('/api/mm/workflows/{workflow_id}/stepCounts', { params: { path: { workflow_id: id }, query: {} }, signal }));
}

export function listEnrollments(id: number, query: EnrollmentQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/workflows/{workflow_id}/enrollments', { params: { path: { workflow_id: id }, query }, signal }));
}

export function getProfileHistory(profileId: number, workflowId: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/profiles/{profile_id}/workflowHistory', { params: { path: { profile_id: profileId }, query: { workflowId } }, signal }));
}

export function resumeEnrollment(id: number): Promise<Enrollment> {
  return call(api.POST('/api/mm/enrollments/{enrollment_id}/resume', { params: { path: { enrollment_id: id } } }));
}

export function terminateEnrollment(id: number): Promise<Enrollment> {
  return call(api.POST('/api/mm/enrollments/{enrollment_id}/terminate', { params: { path: { enrollment_id: id } } }));
}

export function getAnalytics(query: AnalyticsQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/workflows/analytics', { params: { query }, signal }));
}

export type DryRunStep = ResponseOf<'/api/mm/workflows/{workflow_id}/test', 'get'>['steps'][number];
export type WorkflowOption = ResponseOf<'/api/mm/workflows', 'get'>['items'][number];
export type ProfileOption = ResponseOf<'/api/mm/profiles', 'get'>['items'][number];

/** Workflows to test: the first page of a search by name, every tab. */
export function searchWorkflows(search: string, signal?: AbortSignal): Promise<WorkflowOption[]> {
  return listWorkflows({ search, page: 1, pageSize: 20, sort: 'name' }, signal).then((page) => page.items);
}

/** Profiles to test with: the first page of a search by email or name. */
export function searchProfiles(search: string, signal?: AbortSignal): Promise<ProfileOption[]> {
  return call(api.GET('/api/mm/profiles', { params: { query: { search: search || undefined, pageSize: 20, sort: 'email' } }, signal })).then(
    (page) => page.items,
  );
}

/** The dry run (/WorkflowTest): the path the profile would take and the emails it would get; nothing is sent. */
export function testWorkflow(id: number, profileId: number, signal?: AbortSignal): Promise<DryRunStep[]> {
  return call(api.GET('/api/mm/workflows/{workflow_id}/test', { params: { path: { workflow_id: id }, query: { profileId } }, signal })).then(
    (answer) => answer.steps,
  );
}

/** /workflowcampaignreport: each email step's figures and the workflow's total (the per-step roll-ups). */
export function getEmailReport(id: number, signal?: AbortSignal): Promise<EmailReport> {
  return call(api.GET('/api/mm/workflows/{workflow_id}/emailReport', { ...byId(id), signal }));
}
