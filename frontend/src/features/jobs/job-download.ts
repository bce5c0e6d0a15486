import { downloadBase64, type Job } from '../../api/jobs';
import { base64ToBlob, saveBlob } from '../../lib/download';

/** A finished export's file, when its result names one. */
export function exportFile(job: Job): { filePath: string; fileName: string } | null {
  const result = (job.result ?? {}) as Record<string, unknown>;
  if (job.status !== 'Completed' || typeof result.filePath !== 'string') return null;
  const fileName = typeof result.fileName === 'string' && result.fileName ? result.fileName : result.filePath.split('/').pop() ?? 'export';
  return { filePath: result.filePath, fileName };
}

export async function downloadJobFile(file: { filePath: string; fileName: string }): Promise<void> {
  const answer = await downloadBase64(file.filePath, file.fileName);
  saveBlob(base64ToBlob(answer.data), answer.fileName || file.fileName);
}
