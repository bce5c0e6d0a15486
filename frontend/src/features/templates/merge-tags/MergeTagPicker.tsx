import { Button, Code, Combobox, Group, Loader, Stack, Text, useCombobox, type ButtonProps } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { listMergeTags, type MergeTagGroup } from '../../../api/merge-tags';
import { filterMergeTags } from './filter-tags';
import { mergeTagMessages } from './messages';

export interface MergeTagPickerProps {
  /** Called with the text to insert, e.g. `<% firstName %>`; the menu closes. */
  onPick: (tag: string) => void;
  /** The button's text (and accessible name); "Merge tags" unless said. */
  label?: string;
  disabled?: boolean;
  /** Called before the menu opens, e.g. to remember an editor's caret before focus moves. */
  onOpen?: () => void;
  /** Called after the menu closes, with or without a pick. */
  onClose?: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

type Load = { state: 'idle' | 'loading' } | { state: 'ready'; groups: MergeTagGroup[] } | { state: 'failed'; message: string };

/**
 * A labelled button opening a searchable list of the client's merge tags, by group
 * (GET /api/mm/mergeTags, loaded on the first opening). Arrow keys move through the tags,
 * Enter picks one, Escape closes and gives focus back to the button.
 */
export function MergeTagPicker({ onPick, label = mergeTagMessages.button, disabled, onOpen, onClose, variant = 'default', size = 'sm' }: MergeTagPickerProps) {
  const [search, setSearch] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
      onClose?.();
    },
  });

  useEffect(() => () => controller.current?.abort(), []);

  const fetchTags = () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoad({ state: 'loading' });
    listMergeTags(current.signal)
      .then((answer) => setLoad({ state: 'ready', groups: answer.groups }))
      .catch((caught: unknown) =>
        setLoad({ state: 'failed', message: caught instanceof Error && caught.message ? caught.message : mergeTagMessages.loadFailed }),
      );
  };

  const toggle = () => {
    if (!combobox.dropdownOpened) {
      onOpen?.();
      if (load.state === 'idle' || load.state === 'failed') fetchTags();
    }
    combobox.toggleDropdown();
  };

  const groups = useMemo(() => (load.state === 'ready' ? filterMergeTags(load.groups, search) : []), [load, search]);

  return (
    <Combobox
      store={combobox}
      width={340}
      position="bottom-start"
      withinPortal
      onOptionSubmit={(value) => {
        onPick(value);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant={variant}
          size={size}
          leftSection={<IconBraces size={16} aria-hidden />}
          onClick={toggle}
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          data-testid="merge-tag-button"
        >
          {label}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown data-testid="merge-tag-menu">
        <Combobox.Search
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex();
          }}
          placeholder={mergeTagMessages.search}
          aria-label={mergeTagMessages.search}
        />
        <Stack gap={2} px="xs" py={6} data-testid="merge-tag-syntax">
          <Text size="xs" fw={600}>
            {mergeTagMessages.syntaxTitle}
          </Text>
          <Code>{mergeTagMessages.syntaxExample}</Code>
          <Text size="xs" c="dimmed">
            {mergeTagMessages.syntaxHint}
          </Text>
        </Stack>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={label}>
          {load.state === 'loading' || load.state === 'idle' ? (
            <Combobox.Empty>
              <Group gap="xs" justify="center">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{mergeTagMessages.loading}</Text>
              </Group>
            </Combobox.Empty>
          ) : load.state === 'failed' ? (
            <Combobox.Empty>
              <Text size="sm" c="red.8" role="alert">
                {load.message}
              </Text>
              <Button variant="subtle" size="xs" mt="xs" onClick={fetchTags}>
                {mergeTagMessages.retry}
              </Button>
            </Combobox.Empty>
          ) : groups.length === 0 ? (
            <Combobox.Empty>{mergeTagMessages.noMatches}</Combobox.Empty>
          ) : (
            groups.map((group) => (
              <Combobox.Group label={group.label} key={group.key}>
                {group.tags.map((tag) => (
                  <Combobox.Option value={tag.tag} key={`${group.key}:${tag.name}`} aria-label={`${tag.label} ${tag.tag}`}>
                    <Text size="sm">{tag.label}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {tag.tag}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
