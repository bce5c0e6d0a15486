import { Checkbox, Group, Radio, Select, TextInput } from '@mantine/core';
import type { ProfileField } from '../fields/api';

interface CustomFieldInputProps {
  field: ProfileField;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
}

/** One custom profile field, rendered by its type. */
export function CustomFieldInput({ field, value, onChange }: CustomFieldInputProps) {
  const text = typeof value === 'string' ? value : '';
  const testId = `custom-${field.key}`;
  switch (field.fieldType) {
    case 'number':
      return <TextInput label={field.label} inputMode="decimal" value={text} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />;
    case 'date':
      return <TextInput label={field.label} type="date" min="1700-01-01" max="2260-12-31" value={text} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />;
    case 'radio':
      return (
        <Radio.Group label={field.label} value={text} onChange={onChange} data-testid={testId}>
          <Group mt={4}>
            {field.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'dropdown':
      return <Select label={field.label} data={field.options} value={text || null} onChange={(next) => onChange(next ?? '')} clearable data-testid={testId} />;
    case 'checkbox':
      return (
        <Checkbox.Group label={field.label} value={Array.isArray(value) ? value : []} onChange={onChange} data-testid={testId}>
          <Group mt={4}>
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    default:
      return <TextInput label={field.label} value={text} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />;
  }
}
