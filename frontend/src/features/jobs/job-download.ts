import { downloadBase64, type Job } from '../../api/jobs';
import { base64ToBlob, saveBlob } from '../../lib/download';

/** A finished job's file: named by the job's file id, never by where it is kept. */
export function jobFile(job: Job): { fileId: string; fileName: string } | null {
  if (job.status !== 'Completed' || !job.fileId) return null;
  const result = (job.result ?? {}) as Record<string, unknown>;
  const fileName = typeof result.fileName === 'string' && result.fileName ? result.fileName : 'export.csv';
  return { fileId: job.fileId, fileName };
}

export async function downloadJobFile(file: { fileId: string; fileName: string }): Promise<void> {
  const answer = await downloadBase64(file.fileId, file.fileName);
  saveBlob(base64ToBlob(answer.data), answer.fileName || file.fileName);
}
