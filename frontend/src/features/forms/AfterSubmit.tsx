import { Paper, Radio, Stack, Group, TextInput, Textarea, Title } from '@mantine/core';
import type { Definition } from './api';
import { errorAt, withValue, type Errors } from './definition';
import { formMessages as text } from './messages';

interface AfterSubmitProps {
  definition: Definition;
  errors: Errors;
  edit: (next: (definition: Definition) => Definition) => void;
}

/** The submit button's text, and what a visitor sees after submitting: a thank-you message or a redirect. */
export function AfterSubmit({ definition, errors, edit }: AfterSubmitProps) {
  const thankYou = definition.thankYou;
  const set = (changes: Partial<Definition['thankYou']>) => edit((d) => ({ ...d, thankYou: { ...d.thankYou, ...changes } }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {text.afterSubmit}
        </Title>
        <TextInput label={text.submitText} value={definition.submitText} onChange={(event) => edit(withValue('submitText', event.currentTarget.value))} error={errorAt(errors, 'definition.submitText')} w={260} />
        <Radio.Group value={thankYou.kind} onChange={(kind) => set({ kind: kind === 'redirect' ? 'redirect' : 'page' })} label={text.afterSubmitChoice} data-testid="thank-you-kind">
          <Group mt={4}>
            <Radio value="page" label={text.thankYouPage} />
            <Radio value="redirect" label={text.redirect} />
          </Group>
        </Radio.Group>
        {thankYou.kind === 'redirect' ? (
          <TextInput label={text.redirectUrl} required placeholder="https://" value={thankYou.url} onChange={(event) => set({ url: event.currentTarget.value })} error={errorAt(errors, 'definition.thankYou.url')} data-testid="redirect-url" />
        ) : (
          <Textarea label={text.thankYouHtml} rows={3} value={thankYou.html} onChange={(event) => set({ html: event.currentTarget.value })} error={errorAt(errors, 'definition.thankYou.html')} data-testid="thank-you-html" />
        )}
      </Stack>
    </Paper>
  );
}
