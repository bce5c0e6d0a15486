import { Button, Chip, Group, Modal, Radio, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import type { SummaryInput, SummaryNotification } from './api';
import { summaryMessages as text } from './messages';

interface FormValues {
  name: string;
  description: string;
  frequency: string;
  weekdays: string[];
  monthDayMode: string;
  monthDays: string[];
  sendTime: string;
  period: string;
  recipients: string[];
  active: boolean;
}

const blank: FormValues = {
  name: '',
  description: '',
  frequency: 'Day',
  weekdays: [],
  monthDayMode: 'monthDays',
  monthDays: [],
  sendTime: '09:00', // spec 9: 9 AM by default
  period: 'today',
  recipients: [],
  active: true,
};

function valuesOf(summary: SummaryNotification | null): FormValues {
  if (!summary) return blank;
  return {
    name: summary.name,
    description: summary.description,
    frequency: summary.frequency,
    weekdays: summary.weekdays.map(String),
    monthDayMode: summary.monthDayMode,
    monthDays: summary.monthDays.map(String),
    sendTime: summary.sendTime,
    period: summary.period,
    recipients: summary.recipients,
    active: summary.active,
  };
}

function bodyOf(values: FormValues): SummaryInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    frequency: values.frequency,
    weekdays: values.frequency === 'Week' ? values.weekdays.map(Number) : [],
    monthDayMode: values.monthDayMode,
    monthDays: values.frequency === 'Month' ? values.monthDays.map(Number) : [],
    sendTime: values.sendTime || '09:00',
    period: values.period,
    recipients: values.recipients,
    active: values.active,
  };
}

interface SummaryFormModalProps {
  opened: boolean;
  summary: SummaryNotification | null;
  timeZone: string;
  onSave: (body: SummaryInput) => Promise<unknown>;
  onClose: () => void;
}

/** Create or edit a summary notification; the server's field errors show beside their fields. */
export function SummaryFormModal({ opened, summary, timeZone, onSave, onClose }: SummaryFormModalProps) {
  const form = useForm<FormValues>({ initialValues: blank });
  const [saving, setSaving] = useState(false);
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(summary));
    resetDirty(valuesOf(summary));
    clearErrors();
  }, [opened, summary, setValues, resetDirty, clearErrors]);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await onSave(bodyOf(values));
      toast('success', text.saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, found]) => [field, found[0]])));
        const first = Object.keys(error.errors)[0];
        document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"]`)?.focus();
      } else {
        toastError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const days = form.values.monthDayMode === 'customised' ? text.customisedDays : Array.from({ length: 31 }, (_, n) => n + 1);

  return (
    <Modal opened={opened} onClose={onClose} title={summary ? text.edit : text.create} size="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack>
          <TextInput label={text.name} withAsterisk data-field="name" maxLength={100} {...form.getInputProps('name')} data-testid="summary-name" />
          <Textarea label={text.description} withAsterisk data-field="description" rows={3} {...form.getInputProps('description')} data-testid="summary-description" />
          <Radio.Group label={text.frequency} withAsterisk {...form.getInputProps('frequency')} data-field="frequency">
            <Group mt={4}>
              {['Day', 'Week', 'Month'].map((unit) => (
                <Radio key={unit} value={unit} label={text.frequencies[unit]} data-testid={`summary-frequency-${unit}`} />
              ))}
            </Group>
          </Radio.Group>
          {form.values.frequency === 'Week' && (
            <div data-field="weekdays">
              <Text size="sm" fw={500} id="summary-weekdays-label">
                {text.weekdays}
              </Text>
              <Chip.Group multiple value={form.values.weekdays} onChange={(value) => form.setFieldValue('weekdays', value)}>
                <Group gap={6} mt={4} role="group" aria-labelledby="summary-weekdays-label">
                  {text.weekdayShort.map((label, day) => (
                    <Chip key={label} value={String(day)} aria-label={text.weekdayNames[day]} data-testid={`summary-weekday-${day}`}>
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {form.errors.weekdays && (
                <Text c="red.8" size="xs" mt={4}>
                  {form.errors.weekdays}
                </Text>
              )}
            </div>
          )}
          {form.values.frequency === 'Month' && (
            <div data-field="monthDays">
              <Radio.Group
                label={text.monthDayMode}
                value={form.values.monthDayMode}
                onChange={(value) => {
                  form.setFieldValue('monthDayMode', value);
                  form.setFieldValue('monthDays', []);
                }}
              >
                <Group mt={4}>
                  <Radio value="monthDays" label={text.monthDaysOption} data-testid="summary-mode-monthDays" />
                  <Radio value="customised" label={text.customisedOption} data-testid="summary-mode-customised" />
                </Group>
              </Radio.Group>
              <Chip.Group multiple value={form.values.monthDays} onChange={(value) => form.setFieldValue('monthDays', value)}>
                <Group gap={6} mt="xs" role="group" aria-label={text.monthDays}>
                  {days.map((day) => (
                    <Chip key={day} value={String(day)} size="xs" data-testid={`summary-day-${day}`}>
                      {text.ordinal(day)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {form.errors.monthDays && (
                <Text c="red.8" size="xs" mt={4}>
                  {form.errors.monthDays}
                </Text>
              )}
            </div>
          )}
          <Group grow align="flex-start">
            <TimeInput label={text.sendTime} description={text.timeZoneHint(timeZone)} data-field="sendTime" {...form.getInputProps('sendTime')} data-testid="summary-time" />
            <Select
              label={text.period}
              withAsterisk
              data-field="period"
              allowDeselect={false}
              data={Object.entries(text.periods).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('period')}
              data-testid="summary-period"
            />
          </Group>
          <TagsInput
            label={text.recipients}
            description={text.recipientsHint}
            withAsterisk
            data-field="recipients"
            splitChars={[',', ';', ' ']}
            acceptValueOnBlur
            {...form.getInputProps('recipients')}
            data-testid="summary-recipients"
          />
          <Switch label={text.active} {...form.getInputProps('active', { type: 'checkbox' })} data-testid="summary-active" />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={saving} data-testid="summary-save">
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
