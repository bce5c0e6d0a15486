import { Button } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../../../lib/toast-error';
import { followDownloadLink } from '../../../lib/download';
import { messages } from '../../../lib/messages';
import { importErrorsLink } from './api';

/** The rows an import refused, as CSV, through a single-use link (a link carries no header). */
export function ErrorReportButton({ importId, size = 'sm' }: { importId: number; size?: 'xs' | 'sm' }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await importErrorsLink(importId);
      followDownloadLink(url, `import-${importId}-errors.csv`);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="subtle" size={size} onClick={() => void download()} loading={busy} data-testid={`error-report-${importId}`}>
      {messages.downloadErrorReport}
    </Button>
  );
}
