import { Alert, Anchor, Button, Container, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../../api/query';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../config/paths';
import { getForm, listFormThemes, type Definition, type Form, type FormTheme } from '../api';
import { newDefinition } from '../definition';
import { formMessages } from '../messages';
import type { EditedStyles } from '../themes/api';
import { FormPreview } from '../themes/FormPreview';
import { popupClient, popupTriggers, type Trigger } from './popup';
import { popupMessages as text } from './messages';

/**
 * /popupContainer/:formId/:clientId/:websiteId (spec 2.4, a full page): a form's pop-up as a
 * visitor of the client's site meets it, over a sample page. Its own triggers open it (the
 * seconds after the page opened, the share of the page scrolled, the pointer leaving the
 * window), as the embed script does on the site; the frequency and duration are said, not
 * counted, so the marketer can show it again at will. The form is the saved draft with its
 * theme, drawn by the server's page template in a frame without scripts.
 */
export default function PopupContainerPage() {
  const { formId: rawId, clientId } = useParams();
  const formId = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const form = useApiQuery(queryKeys.detail('forms', formId, { popup: true }), (signal) => getForm(formId ?? 0, signal), { enabled: formId !== null });
  const themes = useApiQuery(queryKeys.list('formThemes'), listFormThemes);
  const error = formId === null ? text.noForm : form.error ?? themes.error;
  return (
    <Container size="lg" py="md">
      <Stack>
        {form.data && (
          <Anchor component={Link} to={paths.formBuilder.href(form.data.formType, form.data.id)} size="sm" data-testid="back-to-builder">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {text.backToBuilder(form.data.name)}
            </Group>
          </Anchor>
        )}
        {error ? (
          <Alert color="red">{error}</Alert>
        ) : !form.data || !themes.data ? (
          <Stack data-testid="popup-loading">
            <Skeleton h={60} />
            <Skeleton h={400} />
          </Stack>
        ) : popupClient(form.data) !== clientId ? (
          <Alert color="red">{text.noForm}</Alert>
        ) : (
          <PopupStage form={form.data} theme={themes.data.find((theme) => theme.id === form.data?.themeId) ?? null} />
        )}
      </Stack>
    </Container>
  );
}

function PopupStage({ form, theme }: { form: Form; theme: FormTheme | null }) {
  const definition = { ...newDefinition(), ...(form.definition as Partial<Definition>) };
  const popup = definition.popup;
  const [opened, setOpened] = useState(false);
  const [shownBy, setShownBy] = useState<Trigger | null>(null);
  const [armed, setArmed] = useState(popup.enabled);

  // The triggers, armed until one fires (again after "Show again").
  useEffect(() => {
    if (!armed) return;
    const fire = (trigger: Trigger) => {
      setArmed(false);
      setShownBy(trigger);
      setOpened(true);
    };
    const timer = popup.delaySeconds != null ? window.setTimeout(() => fire('delay'), popup.delaySeconds * 1000) : undefined;
    const onScroll = () => {
      const seen = (window.scrollY + window.innerHeight) / document.documentElement.scrollHeight;
      if (popup.scrollPercent != null && seen * 100 >= popup.scrollPercent) fire('scroll');
    };
    const onLeave = (event: MouseEvent) => {
      if (popup.exitIntent && !event.relatedTarget && event.clientY <= 0) fire('exit');
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('mouseout', onLeave);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('mouseout', onLeave);
    };
  }, [armed, popup.delaySeconds, popup.scrollPercent, popup.exitIntent]);

  const close = () => {
    setOpened(false);
    setShownBy(null);
  };
  const replay = () => {
    setOpened(false);
    setShownBy(null);
    setArmed(true);
  };

  return (
    <Stack>
      <PageHeader
        title={text.title(form.name)}
        description={text.intro}
        actions={
          popup.enabled && (
            <Button onClick={replay} leftSection={<IconPlayerPlay size={16} aria-hidden />} data-testid="popup-replay">
              {text.replay}
            </Button>
          )
        }
      />
      {!popup.enabled ? (
        <Alert color="orange" data-testid="popup-off">
          {text.notPopup}{' '}
          <Anchor component={Link} to={paths.formBuilder.href(form.formType, form.id)}>
            {text.turnOn}
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder p="md" data-testid="popup-rules">
          <Stack gap={4}>
            <Text fw={600}>{formMessages.popupTriggers}</Text>
            {popupTriggers(popup).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
            <Text size="sm">{text.frequency(formMessages.times(popup.frequency).toLowerCase(), formMessages.days(popup.duration))}</Text>
            <Text size="sm" c="dimmed" data-testid="popup-status">
              {shownBy ? text.shownBy[shownBy] : armed ? text.waiting : text.closed}
            </Text>
          </Stack>
        </Paper>
      )}
      {/* The sample page the pop-up shows over: tall enough to scroll. */}
      <Stack gap="md" data-testid="sample-site" aria-label={text.sampleSite} role="region">
        {Array.from({ length: 12 }, (_each, i) => (
          <Paper key={i} p="lg" bg="gray.0">
            <Skeleton animate={false} h={12} w="40%" mb="sm" />
            <Skeleton animate={false} h={8} mb={6} />
            <Skeleton animate={false} h={8} mb={6} />
            <Skeleton animate={false} h={8} w="70%" />
          </Paper>
        ))}
      </Stack>
      <Modal opened={opened} onClose={close} title={definition.title || form.name} size="lg" centered data-testid="popup-dialog">
        <FormPreview definition={definition} theme={(theme?.styles ?? {}) as EditedStyles} showDisclaimer={form.disclaimerId !== null} height={520} />
      </Modal>
    </Stack>
  );
}
