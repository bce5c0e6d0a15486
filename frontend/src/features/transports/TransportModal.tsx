import { Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { DialogActions } from '../../components/DialogActions';
import { fillErrors } from '../../lib/form-helper';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import type { SavedTransport, SendingTransport, TransportFields, TransportKind } from './api';
import { credentialFields, kindLabels, transportMessages as text } from './messages';

interface TransportModalProps {
  editing: SendingTransport | 'new' | null;
  onSave: (fields: TransportFields) => Promise<SavedTransport>;
  onClose: () => void;
}

const kinds = (Object.keys(kindLabels) as TransportKind[]).map((value) => ({ value, label: kindLabels[value] }));
const blank: TransportFields = { senderDomain: '', kind: 'smtp', credentials: {} };

/** Add or edit a sending transport: its sender domain ("" for the default), its kind and the ESP's credentials. */
export function TransportModal({ editing, onSave, onClose }: TransportModalProps) {
  const [fields, setFields] = useState<TransportFields>(blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setErrors({});
    if (editing === 'new') setFields(blank);
    else if (editing) setFields({ senderDomain: editing.senderDomain, kind: editing.kind as TransportKind, credentials: {} });
  }, [editing]);

  const submit = async () => {
    const wanted = credentialFields[fields.kind];
    // Spec 5.1's form helper: 'Please fill {field} ' as a toast, and on the field.
    const missing = wanted
      .filter((field) => field.required)
      .map((field) => ({ field, message: fillErrors([{ label: field.label, value: fields.credentials[field.name] ?? '' }])[0] }))
      .filter(({ message }) => message);
    if (missing.length) {
      missing.forEach(({ message }) => toast('error', message));
      setErrors(Object.fromEntries(missing.map(({ field, message }) => [field.name, [message.trim()]])));
      return;
    }
    const credentials = Object.fromEntries(
      wanted.map((field) => [field.name, fields.credentials[field.name]?.trim() ?? '']).filter(([, value]) => value),
    );
    setSaving(true);
    try {
      await onSave({ senderDomain: fields.senderDomain.trim(), kind: fields.kind, credentials });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (name: string) => errors[name]?.[0];
  const setCredential = (name: string, value: string) => setFields({ ...fields, credentials: { ...fields.credentials, [name]: value } });
  const editingRow = editing !== 'new' && editing !== null ? editing : null;

  return (
    <Modal opened={editing !== null} onClose={onClose} title={editingRow ? text.editTitle : text.addTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={text.senderDomain}
            description={text.senderDomainHint}
            placeholder={text.senderDomainPlaceholder}
            value={fields.senderDomain}
            disabled={editingRow !== null}
            error={fieldError('senderDomain')}
            onChange={(event) => setFields({ ...fields, senderDomain: event.currentTarget.value })}
            data-autofocus
            data-testid="transport-domain"
          />
          <Select
            label={text.kind}
            data={kinds}
            value={fields.kind}
            allowDeselect={false}
            error={fieldError('kind')}
            onChange={(value) => value && setFields({ ...fields, kind: value as TransportKind, credentials: {} })}
            data-testid="transport-kind"
          />
          {editingRow && editingRow.credentialNames.length > 0 && (
            <Text size="sm" c="dimmed">
              {text.credentialsAgain}
            </Text>
          )}
          {credentialFields[fields.kind].map((field) => {
            const common = {
              label: field.label,
              description: field.description,
              required: field.required,
              error: fieldError(field.name),
              'data-testid': `credential-${field.name}`,
            };
            const value = fields.credentials[field.name] ?? '';
            if (field.options)
              return (
                <Select
                  key={field.name}
                  {...common}
                  data={field.options}
                  value={value || null}
                  placeholder={text.optional}
                  clearable
                  onChange={(chosen) => setCredential(field.name, chosen ?? '')}
                />
              );
            const Input = field.secret ? PasswordInput : TextInput;
            return (
              <Input
                key={field.name}
                {...common}
                value={value}
                autoComplete="off"
                placeholder={field.required ? undefined : text.optional}
                onChange={(event) => setCredential(field.name, event.currentTarget.value)}
              />
            );
          })}
          <DialogActions onCancel={onClose} busy={saving} testId="transport-save" />
        </Stack>
      </form>
    </Modal>
  );
}
