import { Accordion, Alert, Badge, Button, Grid, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconDeviceDesktop, IconDeviceMobile, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { queryKeys, useApiQuery, useInvalidate } from '../../../api/query';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { createTheme, deleteTheme, listThemes, saveTheme, type EditedStyles, type FormDefinition, type FormTheme, type StyleProperty } from './api';
import { FormPreview } from './FormPreview';
import { themeMessages as text } from './messages';
import { StyleGroupEditor } from './StyleGroupEditor';
import { styleGroups, validStyles } from './style-groups';

export const CUSTOM = 'custom';
export const DESKTOP_WIDTH = 720;
export const MOBILE_WIDTH = 426; // spec 9: mobile max width

interface ThemeEditorProps {
  /** The form to preview (the builder's draft); a sample form when absent. */
  definition?: FormDefinition;
  /** The theme to open first. */
  themeId?: number | null;
  /** Told of every theme saved (a builder may choose it). */
  onSaved?: (theme: FormTheme) => void;
}

/**
 * The theme editor (spec 3): a preset theme (read-only: duplicate it to change it) or a
 * Custom one, every style group's properties, saved under a name; the form beside it at
 * desktop and mobile width, drawn by the public page's own renderer (FormPreview).
 */
export function ThemeEditor({ definition, themeId = null, onSaved }: ThemeEditorProps) {
  const themes = useApiQuery(queryKeys.list('formThemes'), (signal) => listThemes(signal));
  const invalidate = useInvalidate();
  const [selected, setSelected] = useState<string>(themeId ? String(themeId) : CUSTOM);
  const [name, setName] = useState('');
  const [styles, setStyles] = useState<EditedStyles>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const [width, setWidth] = useState(String(DESKTOP_WIDTH));
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Only the open groups hold their inputs (13 groups of 14 properties would be 182 inputs).
  const [open, setOpen] = useState<string[]>(['title']);
  const items = useMemo(() => themes.data?.items ?? [], [themes.data]);
  const theme = items.find((item) => String(item.id) === selected) ?? null;
  const readOnly = theme?.preset ?? false;

  useEffect(() => {
    if (selected === CUSTOM) return;
    const chosen = items.find((item) => String(item.id) === selected);
    if (!chosen) return;
    setName(chosen.name);
    setStyles(chosen.styles as EditedStyles);
    setNameError(null);
  }, [selected, items]);

  const choices = [
    { group: text.presetGroup, items: items.filter((item) => item.preset).map((item) => ({ value: String(item.id), label: item.name })) },
    {
      group: text.customGroup,
      items: [{ value: CUSTOM, label: text.custom }, ...items.filter((item) => !item.preset).map((item) => ({ value: String(item.id), label: item.name }))],
    },
  ];

  const choose = (value: string | null) => {
    if (!value) return;
    setSelected(value);
    if (value === CUSTOM) {
      setName('');
      setStyles({});
      setNameError(null);
    }
  };

  const change = (group: keyof EditedStyles, property: StyleProperty, value: string | null) => {
    setStyles((current) => {
      const next = { ...(current[group] ?? {}) };
      if (value) next[property] = value;
      else delete next[property];
      return { ...current, [group]: next };
    });
  };

  const write = async (action: () => Promise<FormTheme>) => {
    if (!name.trim()) {
      setNameError(text.nameRequired);
      return;
    }
    setBusy(true);
    setNameError(null);
    try {
      const saved = await action();
      toast('success', text.saved);
      await invalidate('formThemes');
      setSelected(String(saved.id));
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError && error.errors.name) setNameError(error.errors.name[0]);
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = () => write(() => (theme && !theme.preset ? saveTheme(theme.id, name, styles) : createTheme(name, styles)));
  const duplicate = () => {
    const copy = text.copyOf(name || text.custom);
    setName(copy);
    return write(() => createTheme(copy, styles));
  };
  const remove = async () => {
    if (!theme) return;
    setBusy(true);
    try {
      await deleteTheme(theme.id);
      toast('success', text.deleted);
      setDeleting(false);
      choose(CUSTOM);
      await invalidate('formThemes');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Select label={text.theme} data={choices} value={selected} onChange={choose} allowDeselect={false} data-testid="theme-select" />
          {readOnly && (
            <Alert color="blue" variant="light">
              {text.presetReadOnly}
            </Alert>
          )}
          <TextInput label={text.name} value={name} onChange={(event) => setName(event.currentTarget.value)} disabled={readOnly} error={nameError} required data-testid="theme-name" />
          <Group gap="xs">
            {!readOnly && (
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={busy} data-testid="theme-save">
                {theme ? text.save : text.saveAs}
              </Button>
            )}
            {theme && (
              <Button variant="subtle" leftSection={<IconCopy size={16} />} onClick={duplicate} disabled={busy} data-testid="theme-duplicate">
                {text.duplicate}
              </Button>
            )}
            {theme && !theme.preset && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} disabled={busy} data-testid="theme-delete">
                {text.delete}
              </Button>
            )}
          </Group>
          <Title order={2} size="h4" mt="sm">
            {text.styleGroups}
          </Title>
          <Accordion variant="separated" multiple value={open} onChange={setOpen}>
            {styleGroups.map((group) => {
              const count = Object.keys(styles[group.key] ?? {}).length;
              return (
                <Accordion.Item key={group.key} value={group.key} data-testid={`group-${group.key}`}>
                  <Accordion.Control>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {group.label}
                      </Text>
                      {count > 0 && (
                        <Badge size="sm" variant="light" color="gray">
                          {count}
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {open.includes(group.key) && (
                      <StyleGroupEditor groupLabel={group.label} value={styles[group.key] ?? {}} readOnly={readOnly} onChange={(property, value) => change(group.key, property, value)} />
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {text.preview}
            </Title>
            <SegmentedControl
              value={width}
              onChange={setWidth}
              aria-label={text.preview}
              data={[
                { value: String(DESKTOP_WIDTH), label: <Group gap={4} wrap="nowrap"><IconDeviceDesktop size={16} aria-hidden />{text.desktop}</Group> },
                { value: String(MOBILE_WIDTH), label: <Group gap={4} wrap="nowrap"><IconDeviceMobile size={16} aria-hidden />{text.mobile}</Group> },
              ]}
              data-testid="preview-width"
            />
          </Group>
          <FormPreview definition={definition} theme={validStyles(styles)} width={Number(width)} showDisclaimer />
        </Paper>
      </Grid.Col>
      <ConfirmDialog opened={deleting} title={text.delete} message={theme ? text.deleteConfirm(theme.name) : ''} busy={busy} onConfirm={remove} onCancel={() => setDeleting(false)} />
    </Grid>
  );
}
