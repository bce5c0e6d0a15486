import { Paper, Select, Stack, Title } from '@mantine/core';
import type { Disclaimer, FormTheme } from './api';
import { errorAt, type Errors } from './definition';
import { formMessages as text } from './messages';

interface LookSettingsProps {
  themes: FormTheme[];
  themeId: number | null;
  onTheme: (id: number | null) => void;
  /** The client's disclaimers, or null where the 'enable disclaimer section in forms' access does not reach this member. */
  disclaimers: Disclaimer[] | null;
  disclaimerId: number | null;
  onDisclaimer: (id: number | null) => void;
  errors: Errors;
}

const asValue = (id: number | null) => (id === null ? null : String(id));
const asId = (value: string | null) => (value ? Number(value) : null);

/** The form's theme (presets and Custom, edited on the themes screen) and, where the access allows, its disclaimer. */
export function LookSettings({ themes, themeId, onTheme, disclaimers, disclaimerId, onDisclaimer, errors }: LookSettingsProps) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {text.look}
        </Title>
        <Select
          label={text.theme}
          placeholder={text.defaultTheme}
          clearable
          data={themes.map((theme) => ({ value: String(theme.id), label: theme.name }))}
          value={asValue(themeId)}
          onChange={(value) => onTheme(asId(value))}
          error={errorAt(errors, 'themeId')}
          data-testid="theme-select"
        />
        {disclaimers && (
          <Select
            label={text.disclaimer}
            description={text.disclaimerHint}
            placeholder={text.noDisclaimer}
            clearable
            data={disclaimers.map((disclaimer) => ({ value: String(disclaimer.id), label: disclaimer.name }))}
            value={asValue(disclaimerId)}
            onChange={(value) => onDisclaimer(asId(value))}
            error={errorAt(errors, 'disclaimerId')}
            data-testid="disclaimer-select"
          />
        )}
      </Stack>
    </Paper>
  );
}
