import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { SandboxedHtml } from '../../components/SandboxedHtml';
import { optOutMessages as text } from './messages';

interface ThanksState {
  /** The opt-out form's thank-you text (cleaned HTML a client wrote). */
  html?: string;
  leftGroups?: boolean;
}

/**
 * After an unsubscribe, or a save of the preferences page (?for=preferences) (spec 2.4
 * /external/thankyoupage, /userthankspage): public. The opt-out form's own thank-you text
 * is shown in an empty sandbox (the untrusted-content rule).
 */
export default function ThankYouPage() {
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as ThanksState;
  const preferences = params.get('for') === 'preferences';
  const line = preferences ? text.preferencesSaved : state.leftGroups ? text.leftGroups : text.thanks;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{text.thanksTitle}</Title>
          <Text>{line}</Text>
          {state.html ? <SandboxedHtml html={state.html} title={text.thanksFrame} height={200} testId="thanks-html" /> : null}
        </Stack>
      </Paper>
    </Container>
  );
}
