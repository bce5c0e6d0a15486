import { apiRequest } from './client';
import type { BodyOf, ResponseOf } from './types';

export type Job = ResponseOf<'/api/mm/jobs/{job_id}', 'get'>;
export type JobPage = ResponseOf<'/api/mm/jobs', 'get'>;
export type Base64File = ResponseOf<'/api/downloadBase64', 'post'>;
type VerificationScope = BodyOf<'/api/mm/verification/run', 'post'>['scope'];

/** A job's status: Pending and InProcess are active; the others are final. */
export const finishedStatuses: readonly string[] = ['Completed', 'Failed', 'Cancelled'];

export function isActive(job: Pick<Job, 'status'>): boolean {
  return !finishedStatuses.includes(job.status);
}

export function getJob(id: number, signal?: AbortSignal): Promise<Job> {
  return apiRequest<Job>(`/api/mm/jobs/${id}`, { signal });
}

export function listJobs(
  query: { page: number; pageSize: number; status?: string; kind?: string },
  signal?: AbortSignal,
): Promise<JobPage> {
  return apiRequest<JobPage>('/api/mm/jobs', { query, signal });
}

export function cancelJob(id: number): Promise<Job> {
  return apiRequest<Job>(`/api/mm/jobs/${id}/cancel`, { method: 'POST' });
}

/** The spec's call: its `filePath` carries the job's file id (`Job.fileId`), never a path. */
export function downloadBase64(fileId: string, fileName: string): Promise<Base64File> {
  return apiRequest<Base64File>('/api/downloadBase64', { method: 'POST', body: { filePath: fileId, fileName } });
}

export function runVerification(scope: VerificationScope): Promise<{ jobId: number }> {
  return apiRequest<{ jobId: number }>('/api/mm/verification/run', { method: 'POST', body: { scope } });
}
