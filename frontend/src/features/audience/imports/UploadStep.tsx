import '@mantine/dropzone/styles.css';
import { Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { toastError } from '../../../app/toast-error';
import { messages } from '../../../lib/messages';
import type { ImportKind, ImportUpload } from '../types';
import { uploadImport } from './api';

const accept = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export function isSupportedFile(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name);
}

interface UploadStepProps {
  kind: ImportKind;
  onUploaded: (upload: ImportUpload) => void;
}

export function UploadStep({ kind, onUploaded }: UploadStepProps) {
  const [busy, setBusy] = useState(false);

  const send = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (!isSupportedFile(file.name)) {
      toast('error', messages.unsupportedFile);
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadImport(file, kind));
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
    <Dropzone onDrop={(files) => void send(files)} onReject={reject} accept={accept} multiple={false} loading={busy} data-testid="import-dropzone">
      <Stack align="center" gap="xs" py="xl" style={{ pointerEvents: 'none' }}>
        <Text size="lg">{messages.importDrop}</Text>
        <Text size="sm" c="dimmed">
          {messages.importFileTypes}
        </Text>
      </Stack>
    </Dropzone>
  );
}
