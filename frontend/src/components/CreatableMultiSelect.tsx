import { CheckIcon, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

export interface Choice {
  value: string;
  label: string;
}

interface CreatableMultiSelectProps {
  label: string;
  data: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Makes the item the person typed (an API call) and answers it; a refusal throws (shown by the caller). */
  onCreate: (name: string) => Promise<Choice>;
  createLabel: (name: string) => string;
  nothingFound: string;
  testId?: string;
}

const CREATE = '$create';

/**
 * A searchable multi-select whose list offers "+ Create <typed name>" when no choice has that
 * name (Mantine's creatable MultiSelect pattern: Combobox, PillsInput and Pill).
 */
export function CreatableMultiSelect({ label, data, value, onChange, onCreate, createLabel, nothingFound, testId }: CreatableMultiSelectProps) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const typed = search.trim();
  const exact = data.some((item) => item.label.toLowerCase() === typed.toLowerCase());
  const shown = data.filter((item) => item.label.toLowerCase().includes(typed.toLowerCase()));
  const labelOf = (chosen: string) => data.find((item) => item.value === chosen)?.label ?? chosen;

  const toggle = (chosen: string) => onChange(value.includes(chosen) ? value.filter((item) => item !== chosen) : [...value, chosen]);
  const submit = async (chosen: string) => {
    setSearch('');
    if (chosen !== CREATE) {
      toggle(chosen);
      return;
    }
    setCreating(true);
    try {
      const made = await onCreate(typed);
      onChange([...value, made.value]);
    } catch {
      setSearch(typed); // the caller showed why; the name stays to be corrected
    } finally {
      setCreating(false);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(chosen) => void submit(chosen)}>
      <Combobox.DropdownTarget>
        <PillsInput label={label} onClick={() => combobox.openDropdown()} disabled={creating}>
          <Pill.Group>
            {value.map((chosen) => (
              <Pill key={chosen} withRemoveButton onRemove={() => toggle(chosen)} removeButtonProps={{ 'aria-label': labelOf(chosen) }}>
                {labelOf(chosen)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={label}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length) {
                    event.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
                data-testid={testId}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options>
          {shown.map((item) => (
            <Combobox.Option value={item.value} key={item.value} active={value.includes(item.value)}>
              <Group gap="xs">
                {value.includes(item.value) ? <CheckIcon size={12} /> : null}
                <span>{item.label}</span>
              </Group>
            </Combobox.Option>
          ))}
          {typed && !exact ? (
            <Combobox.Option value={CREATE}>
              <Group gap="xs">
                <IconPlus size={14} aria-hidden />
                <span>{createLabel(typed)}</span>
              </Group>
            </Combobox.Option>
          ) : null}
          {shown.length === 0 && (!typed || exact) ? <Combobox.Empty>{nothingFound}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
