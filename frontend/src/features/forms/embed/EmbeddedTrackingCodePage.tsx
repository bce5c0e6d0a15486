import { ActionIcon, Alert, Anchor, Card, Code, Container, CopyButton, Group, Select, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCode, IconCopy, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, call } from '../../../api/client';
import { queryKeys, useApiQuery } from '../../../api/query';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { embedMessages as text } from './messages';

function Snippet({ title, help, value, testId }: { title: string; help: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        </div>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? text.copied : text.copy(title.toLowerCase())} withArrow>
              <ActionIcon variant="light" color={copied ? 'teal' : 'blue'} aria-label={text.copy(title.toLowerCase())} onClick={copy} size="lg">
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code block mt="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Card>
  );
}

function EmbedCode({ formId }: { formId: number }) {
  const code = useApiQuery(queryKeys.detail('forms', formId, { embed: true }), (signal) =>
    call(api.GET('/api/mm/forms/{form_id}/embed', { params: { path: { form_id: formId } }, signal })),
  );
  if (code.loading || !code.data) {
    return <Skeleton height={260} radius="md" data-testid="embed-loading" />;
  }
  const embed = code.data;
  return (
    <Stack gap="md">
      {!embed.published && (
        <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="embed-not-published">
          {text.notPublished}
        </Alert>
      )}
      {embed.popup && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="embed-popup">
          {text.popup}
        </Alert>
      )}
      <Snippet title={text.scriptTitle} help={text.scriptHelp} value={embed.scriptSnippet} testId="embed-script" />
      <Snippet title={text.iframeTitle} help={text.iframeHelp} value={embed.iframeSnippet} testId="embed-iframe" />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {text.height(embed.height)}
        </Text>
        <Anchor href={embed.publicUrl} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            <IconExternalLink size={16} aria-hidden />
            {text.openPage}
          </Group>
        </Anchor>
      </Group>
      <Alert color="gray" title={text.cspTitle} icon={<IconInfoCircle size={18} aria-hidden />}>
        {text.cspHelp(embed.pagesOrigin)}
      </Alert>
    </Stack>
  );
}

/** /embeddedTrackingCode: the script tag and the frame that put a chosen form on a website. */
export default function EmbeddedTrackingCodePage() {
  const [query, setQuery] = useSearchParams();
  const chosen = Number(query.get('formId')) || null;
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, 250);
  const forms = useApiQuery(queryKeys.list('forms', { search: searched, embed: true }), (signal) =>
    call(api.GET('/api/mm/forms', { params: { query: { search: searched, pageSize: 50, sort: 'name' } }, signal })),
  );
  const items = forms.data?.items ?? [];
  const none = !forms.loading && items.length === 0 && !searched && !chosen;

  return (
    <Container size="md" py="md">
      <PageHeader title={text.title} description={text.intro} />
      <Stack gap="md" mt="md">
        {none ? (
          <EmptyState icon={<IconCode />} title={text.noForms} testId="embed-no-forms" />
        ) : (
          <Select
            label={text.form}
            placeholder={text.formPlaceholder}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={text.noForms}
            data={items.map((form) => ({ value: String(form.id), label: form.name }))}
            value={chosen ? String(chosen) : null}
            onChange={(value) => setQuery(value ? { formId: value } : {})}
            data-testid="embed-form"
          />
        )}
        {chosen ? <EmbedCode formId={chosen} /> : !none && <Text c="dimmed">{text.choose}</Text>}
      </Stack>
    </Container>
  );
}
