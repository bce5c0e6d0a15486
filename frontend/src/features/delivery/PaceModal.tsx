import { Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { DialogActions } from '../../components/DialogActions';
import { toastError } from '../../lib/toast-error';
import type { DeliveryPace, DeliveryPaceFields } from './api';
import { deliveryMessages as text } from './messages';

interface PaceModalProps {
  editing: DeliveryPace | 'new' | null;
  onSave: (fields: DeliveryPaceFields) => Promise<unknown>;
  onClose: () => void;
}

interface Values {
  kind: string;
  domain: string;
  perMinute: number | string;
}

const blank: Values = { kind: 'recipientDomain', domain: '', perMinute: '' };

function checked(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.domain.trim()) errors.domain = text.domainRequired;
  if (typeof values.perMinute !== 'number' || !Number.isInteger(values.perMinute) || values.perMinute < 0) errors.perMinute = text.rateInvalid;
  return errors;
}

/** Add or edit a delivery rate: a receiving or sending domain and its messages per minute. */
export function PaceModal({ editing, onSave, onClose }: PaceModalProps) {
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setErrors({});
    if (editing === 'new') setValues(blank);
    else if (editing) setValues({ kind: editing.kind, domain: editing.domain, perMinute: editing.perMinute });
  }, [editing]);

  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in patch))));
  };

  const submit = async () => {
    const found = checked(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await onSave({ kind: values.kind, domain: values.domain.trim(), perMinute: Number(values.perMinute) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([name, list]) => [name, list[0]])));
      } else {
        toastError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const existing = editing !== 'new' && editing !== null;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={existing ? text.editPace : text.addPace} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Select
            label={text.kind}
            data={Object.entries(text.kinds).map(([value, label]) => ({ value, label }))}
            value={values.kind}
            onChange={(kind) => change({ kind: kind ?? 'recipientDomain' })}
            error={errors.kind}
            allowDeselect={false}
            disabled={existing}
            data-testid="pace-kind"
          />
          <TextInput
            label={text.domain}
            placeholder="gmail.com"
            value={values.domain}
            onChange={(event) => change({ domain: event.currentTarget.value })}
            error={errors.domain}
            disabled={existing}
            required
            data-autofocus
            data-testid="pace-domain"
          />
          <NumberInput
            label={text.perMinute}
            description={text.perMinuteHint}
            value={values.perMinute}
            onChange={(perMinute) => change({ perMinute })}
            error={errors.perMinute}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            required
            data-testid="pace-per-minute"
          />
          <DialogActions onCancel={onClose} busy={saving} testId="pace-save" />
        </Stack>
      </form>
    </Modal>
  );
}
