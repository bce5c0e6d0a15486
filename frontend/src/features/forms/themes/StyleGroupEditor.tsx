import { ColorInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { StyleProperty } from './api';
import { themeMessages as text } from './messages';
import { propertyValid, styleProperties } from './style-groups';

interface StyleGroupEditorProps {
  /** The group's name, to label its inputs for assistive technology. */
  groupLabel: string;
  value: Partial<Record<StyleProperty, string>>;
  onChange: (property: StyleProperty, value: string | null) => void;
  readOnly: boolean;
}

/** Every property of one style group (spec 3: font, size, colour, padding, border and similar). */
export function StyleGroupEditor({ groupLabel, value, onChange, readOnly }: StyleGroupEditorProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {styleProperties.map((property) => {
        const current = value[property.key] ?? '';
        const common = {
          label: property.label,
          'aria-label': `${groupLabel}: ${property.label}`,
          disabled: readOnly,
          size: 'xs' as const,
          'data-testid': `style-${property.key}`,
        };
        if (property.kind === 'choice') {
          return (
            <Select
              key={property.key}
              {...common}
              data={property.choices as string[]}
              value={current || null}
              placeholder={text.clear}
              clearable
              onChange={(next) => onChange(property.key, next)}
            />
          );
        }
        const error = propertyValid(property.kind, current) ? undefined : text.invalid;
        if (property.kind === 'color') {
          return <ColorInput key={property.key} {...common} value={current} placeholder={text.clear} error={error} format="hex" eyeDropperButtonProps={{ 'aria-label': text.eyeDropper(`${groupLabel}: ${property.label}`) }} onChange={(next) => onChange(property.key, next || null)} />;
        }
        return (
          <TextInput
            key={property.key}
            {...common}
            value={current}
            placeholder={property.placeholder}
            error={error}
            onChange={(event) => onChange(property.key, event.currentTarget.value || null)}
          />
        );
      })}
    </SimpleGrid>
  );
}
