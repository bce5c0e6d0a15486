import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError } from '../../../lib/toast-error';
import { followDownloadLink } from '../../../lib/download';
import { messages } from '../../../lib/messages';
import { importErrorsLink } from './api';

/** The rows an import refused, as CSV, through a single-use link (a link carries no header).
 * `compact`: an icon with its label as tooltip and accessible name, for a table's row (the
 * imports table fits from 1024 px wide). */
export function ErrorReportButton({ importId, compact = false }: { importId: number; compact?: boolean }) {
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
  if (compact) {
    return (
      <Tooltip label={messages.downloadErrorReport}>
        <ActionIcon variant="subtle" aria-label={messages.downloadErrorReport} onClick={() => void download()} loading={busy} data-testid={`error-report-${importId}`}>
          <IconFileDownload size={18} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="subtle" onClick={() => void download()} loading={busy} data-testid={`error-report-${importId}`}>
      {messages.downloadErrorReport}
    </Button>
  );
}
