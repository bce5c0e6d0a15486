import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { fillErrors } from '../../../lib/form-helper';
import { messages } from '../../../lib/messages';
import { DialogActions } from '../../../components/DialogActions';
import type { FieldType, ProfileField } from './api';
import { createField, updateField } from './api';
import { cleanOptions, fieldTypes, hasOptions } from './field-rules';
import { OptionsEditor } from './OptionsEditor';

interface FieldFormModalProps {
  opened: boolean;
  field: ProfileField | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Creates a profile field or edits one; a field's type is fixed once it exists. */
export function FieldFormModal({ opened, field, onClose, onSaved }: FieldFormModalProps) {
  const [label, setLabel] = useState('');
  const [fieldType, setFieldType] = useState<FieldType>('text');
  const [options, setOptions] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setLabel(field?.label ?? '');
    setFieldType((field?.fieldType as FieldType | undefined) ?? 'text');
    setOptions(field?.options ?? []);
  }, [opened, field]);

  const withOptions = hasOptions(fieldType);

  const submit = async () => {
    const cleaned = cleanOptions(options);
    const missing = fillErrors([
      { label: messages.fieldLabel, value: label },
      ...(withOptions ? [{ label: messages.fieldOptions, value: cleaned.options }] : []),
    ]);
    const errors = missing.length ? missing : cleaned.error && withOptions ? [cleaned.error] : [];
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setSaving(true);
    try {
      const items = withOptions ? cleaned.options : [];
      if (field) await updateField(field.id, { label: label.trim(), options: items });
      else await createField({ label: label.trim(), fieldType, options: items });
      toast('success', messages.fieldSaved);
      onSaved();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={field ? messages.editField : messages.createField} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput label={messages.fieldLabel} withAsterisk value={label} onChange={(event) => setLabel(event.currentTarget.value)} data-testid="field-label" />
          <Select
            label={messages.fieldType}
            data={fieldTypes}
            value={fieldType}
            onChange={(value) => value && setFieldType(value as FieldType)}
            allowDeselect={false}
            disabled={field !== null}
            comboboxProps={{ withinPortal: false }}
            data-testid="field-type"
          />
          {withOptions && <OptionsEditor options={options} onChange={setOptions} />}
          <DialogActions onCancel={onClose} busy={saving} testId="field-save" />
        </Stack>
      </form>
    </Modal>
  );
}
