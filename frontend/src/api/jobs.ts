import { api, call } from './client';
import type { BodyOf, QueryOf, ResponseOf } from './types';

export type Job = ResponseOf<'/api/mm/jobs/{job_id}', 'get'>;
export type JobPage = ResponseOf<'/api/mm/jobs', 'get'>;
export type JobQuery = QueryOf<'/api/mm/jobs', 'get'>;
export type Base64File = ResponseOf<'/api/downloadBase64', 'post'>;
type VerificationScope = BodyOf<'/api/mm/verification/run', 'post'>['scope'];

/** A job's status: Pending and InProcess are active; the others are final. */
export const finishedStatuses: readonly string[] = ['Completed', 'Failed', 'Cancelled'];

export function isActive(job: Pick<Job, 'status'>): boolean {
  return !finishedStatuses.includes(job.status);
}

export function getJob(id: number, signal?: AbortSignal): Promise<Job> {
  return call(api.GET('/api/mm/jobs/{job_id}', { params: { path: { job_id: id } }, signal }));
}

export function listJobs(query: JobQuery, signal?: AbortSignal): Promise<JobPage> {
  return call(api.GET('/api/mm/jobs', { params: { query }, signal }));
}

export function cancelJob(id: number): Promise<Job> {
  return call(api.POST('/api/mm/jobs/{job_id}/cancel', { params: { path: { job_id: id } } }));
}

/** The spec's call: its `filePath` carries the job's file id (`Job.fileId`), never a path. */
export function downloadBase64(fileId: string, fileName: string): Promise<Base64File> {
  return call(api.POST('/api/downloadBase64', { body: { filePath: fileId, fileName } }));
}

export function runVerification(scope: VerificationScope) {
  return call(api.POST('/api/mm/verification/run', { body: { scope } }));
}
