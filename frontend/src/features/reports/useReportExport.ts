import { useCsvExportJob } from '../../lib/use-csv-export-job';
import { toastError } from '../../lib/toast-error';
import { exportReportRecipients, type Outcome } from './api';
import { reportMessages as text } from './messages';

/** A recipient list's CSV export (a background job, spec 9: at most 200,000 records). */
export function useReportExport(campaignId: number) {
  return useCsvExportJob({
    startJob: (outcome: Outcome) => exportReportRecipients(campaignId, outcome),
    fileName: 'recipients.csv',
    text,
    onStartError: toastError,
  });
}
