import { Anchor, Checkbox, Group, NativeSelect, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Definition } from './api';
import { errorAt, errorUnder, type Errors } from './definition';
import { formMessages as text, popupDurations, popupFrequencies } from './messages';

type Popup = Definition['popup'];

interface PopupSettingsProps {
  definition: Definition;
  errors: Errors;
  edit: (next: (definition: Definition) => Definition) => void;
  /** Where the pop-up is previewed (/popupContainer/...); absent until the form is saved. */
  previewHref: string | null;
}

/**
 * How an embedded form shows as a pop-up on the client's site (spec 9; the embed script
 * reads these from the published form): its triggers (seconds after the page opened, the
 * share of the page scrolled, the pointer leaving the window; at least one) and how often
 * one visitor sees it (the spec's frequencies in the spec's durations).
 */
export function PopupSettings({ definition, errors, edit, previewHref }: PopupSettingsProps) {
  const popup = definition.popup;
  const set = (changes: Partial<Popup>) => edit((d) => ({ ...d, popup: { ...d.popup, ...changes } }));
  const triggerError = errorAt(errors, 'definition.popup') ?? errorUnder(errors, 'definition.popup');
  return (
    <Paper withBorder p="md" data-testid="popup-settings">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {text.popup}
          </Title>
          {previewHref && (
            <Anchor component={Link} to={previewHref} size="sm" data-testid="popup-preview-link">
              <Group gap={4} wrap="nowrap">
                <IconExternalLink size={14} aria-hidden />
                {text.popupPreview}
              </Group>
            </Anchor>
          )}
        </Group>
        <Switch label={text.popupEnabled} checked={popup.enabled} onChange={(event) => set({ enabled: event.currentTarget.checked })} data-testid="popup-enabled" />
        {popup.enabled && (
          <>
            <Text size="sm" c="dimmed">
              {text.popupTriggers}
            </Text>
            <Group align="flex-end" wrap="nowrap">
              <Checkbox
                label={text.popupDelay}
                checked={popup.delaySeconds != null}
                onChange={(event) => set({ delaySeconds: event.currentTarget.checked ? 5 : null })}
                data-testid="popup-delay-on"
              />
              {popup.delaySeconds != null && (
                <NumberInput
                  aria-label={text.popupDelaySeconds}
                  suffix=" s"
                  min={0}
                  max={600}
                  w={120}
                  value={popup.delaySeconds}
                  onChange={(value) => set({ delaySeconds: typeof value === 'number' ? value : 0 })}
                  data-testid="popup-delay"
                />
              )}
            </Group>
            <Group align="flex-end" wrap="nowrap">
              <Checkbox
                label={text.popupScroll}
                checked={popup.scrollPercent != null}
                onChange={(event) => set({ scrollPercent: event.currentTarget.checked ? 50 : null })}
                data-testid="popup-scroll-on"
              />
              {popup.scrollPercent != null && (
                <NumberInput
                  aria-label={text.popupScrollPercent}
                  suffix=" %"
                  min={1}
                  max={100}
                  w={120}
                  value={popup.scrollPercent}
                  onChange={(value) => set({ scrollPercent: typeof value === 'number' ? value : 1 })}
                  data-testid="popup-scroll"
                />
              )}
            </Group>
            <Checkbox label={text.popupExitIntent} checked={popup.exitIntent} onChange={(event) => set({ exitIntent: event.currentTarget.checked })} data-testid="popup-exit" />
            {triggerError && (
              <Text size="sm" c="red.8" role="alert" tabIndex={-1} data-testid="popup-error">
                {triggerError}
              </Text>
            )}
            <Group grow>
              <NativeSelect
                label={text.popupFrequency}
                data={popupFrequencies.map((n) => ({ value: String(n), label: text.times(n) }))}
                value={String(popup.frequency)}
                onChange={(event) => set({ frequency: Number(event.currentTarget.value) as Popup['frequency'] })}
                data-testid="popup-frequency"
              />
              <NativeSelect
                label={text.popupDuration}
                data={popupDurations.map((n) => ({ value: String(n), label: text.days(n) }))}
                value={String(popup.duration)}
                onChange={(event) => set({ duration: Number(event.currentTarget.value) as Popup['duration'] })}
                data-testid="popup-duration"
              />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
