import { Button } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../../../app/toast-error';
import { saveBlob } from '../../../lib/download';
import { messages } from '../../../lib/messages';
import { importErrors } from './api';

/** The rows an import refused, as CSV; fetched with the bearer token, so not a plain link. */
export function ErrorReportButton({ importId, size = 'sm' }: { importId: number; size?: 'xs' | 'sm' }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await importErrors(importId), `import-${importId}-errors.csv`);
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
