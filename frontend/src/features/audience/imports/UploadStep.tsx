import '@mantine/dropzone/styles.css';
import { Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { messages } from '../../../lib/messages';
import type { ImportKind, ImportUpload } from './api';
import { getImportInspection, uploadImport } from './api';

const accept = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export function isSupportedFile(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name);
}

interface UploadStepProps {
  kind: ImportKind;
  /** Called once the file's headers and sample are known. */
  onUploaded: (upload: ImportUpload) => void;
  /** How often to ask whether the worker has read an .xlsx file. */
  pollMs?: number;
}

export function UploadStep({ kind, onUploaded, pollMs = 1000 }: UploadStepProps) {
  const [busy, setBusy] = useState(false);
  // The upload whose .xlsx file the worker is still reading: asked about until it is read.
  const [reading, setReading] = useState<number | null>(null);
  const uploadedRef = useRef(onUploaded);
  uploadedRef.current = onUploaded;

  useEffect(() => {
    if (reading === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await getImportInspection(reading, controller.signal);
        if (answer.inspection === 'pending') {
          timer = setTimeout(() => void poll(), pollMs);
          return;
        }
        setReading(null);
        if (answer.inspection === 'ready') uploadedRef.current(answer);
        else toast('error', answer.inspectionError || messages.somethingWentWrong);
      } catch (error) {
        setReading(null);
        toastError(error);
      }
    };
    timer = setTimeout(() => void poll(), pollMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [reading, pollMs]);

  const send = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!isSupportedFile(file.name)) {
      toast('error', messages.unsupportedFile);
      return;
    }
    setBusy(true);
    try {
      const upload = await uploadImport(file, kind);
      if (upload.inspection === 'pending') setReading(upload.id);
      else onUploaded(upload);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const reject = (rejections: FileRejection[]) => {
    if (rejections.length) toast('error', messages.unsupportedFile);
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={reject}
        accept={accept}
        multiple={false}
        loading={busy || reading !== null}
        // Mantine 9.5's hidden file input has no name of its own (axe: "label").
        inputProps={{ 'aria-label': messages.importDrop }}
        data-testid="import-dropzone"
      >
        <Stack align="center" gap="xs" py="xl" style={{ pointerEvents: 'none' }}>
          <Text size="lg">{messages.importDrop}</Text>
          <Text size="sm" c="dimmed">
            {messages.importFileTypes}
          </Text>
        </Stack>
      </Dropzone>
      {reading !== null && (
        <Text size="sm" c="dimmed" ta="center" data-testid="import-reading">
          {messages.importReading}
        </Text>
      )}
    </Stack>
  );
}
