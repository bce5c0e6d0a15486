import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { getTemplatePreview } from '../../../api/templates';
import { queryKeys, useApiQuery } from '../../../api/query';
import { toast } from '../../../lib/toast';
import { previewWidths, type PreviewWidth } from '../preview-widths';
import { SandboxedHtml } from '../../../components/SandboxedHtml';
import { createPreviewLink } from './api';
import { previewMessages as text } from './messages';
import { ProfileSelect } from './ProfileSelect';

export interface PreviewDialogProps {
  templateId: number;
  opened: boolean;
  onClose: () => void;
  /** The template's name, shown in the title. */
  templateName?: string;
  /** The tab shown first: the HTML part, or the plain-text part (plain-text templates). */
  defaultTab?: 'html' | 'text';
}

/**
 * A template as a chosen profile would receive it (GET /api/mm/templates/{id}/preview): its
 * subject, its HTML in an empty sandbox at desktop or mobile width, its plain text, and a
 * signed read-only link to share.
 */
export function PreviewDialog({ templateId, opened, onClose, templateName, defaultTab = 'html' }: PreviewDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={templateName ? text.titleOf(templateName) : text.title} size={780} centered>
      {opened && <PreviewBody templateId={templateId} defaultTab={defaultTab} />}
    </Modal>
  );
}

function PreviewBody({ templateId, defaultTab }: { templateId: number; defaultTab: 'html' | 'text' }) {
  const [profileId, setProfileId] = useState<number | null>(null);
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [tab, setTab] = useState<string | null>(defaultTab);
  const preview = useApiQuery(queryKeys.detail('templatePreviews', templateId, { profileId }), (signal) => getTemplatePreview(templateId, profileId ?? undefined, signal));

  return (
    <Stack gap="sm">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <ProfileSelect value={profileId} onChange={setProfileId} />
        <SegmentedControl
          aria-label={text.width}
          value={width}
          onChange={(value) => setWidth(value as PreviewWidth)}
          data={[
            { value: 'desktop', label: text.desktop },
            { value: 'mobile', label: text.mobile },
          ]}
          data-testid="preview-width"
        />
      </Group>
      {preview.error && (
        <Alert color="red" role="alert">
          {preview.error}
        </Alert>
      )}
      {preview.data && !preview.loading ? (
        <>
          <Text size="sm" data-testid="preview-subject">
            <Text span fw={600}>
              {text.subject}:
            </Text>{' '}
            {preview.data.subject || text.noSubject}
          </Text>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">{text.html}</Tabs.Tab>
              <Tabs.Tab value="text">{text.plainText}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <SandboxedHtml html={preview.data.html} title={text.frameTitle} width={previewWidths[width]} height={520} testId="preview-frame" />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Text
                component="pre"
                size="sm"
                maw={previewWidths[width]}
                mx="auto"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                data-testid="preview-text"
              >
                {preview.data.text || text.noPlainText}
              </Text>
            </Tabs.Panel>
          </Tabs>
        </>
      ) : (
        !preview.error && <Skeleton height={560} data-testid="preview-loading" />
      )}
      <PreviewLink templateId={templateId} />
    </Stack>
  );
}

/** Creates the signed link, copies it, and shows it so it can be copied by hand too. */
function PreviewLink({ templateId }: { templateId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const answer = await createPreviewLink(templateId);
      const absolute = new URL(answer.url, window.location.origin).toString();
      setUrl(absolute);
      try {
        await navigator.clipboard.writeText(absolute);
        toast('success', text.linkCopied);
      } catch {
        toast('info', text.linkNotCopied);
      }
    } catch (caught) {
      toast('error', caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconLink size={16} aria-hidden />}
          loading={busy}
          onClick={() => void create()}
          data-testid="copy-preview-link"
        >
          {text.copyLink}
        </Button>
      </Group>
      {url && (
        <TextInput label={text.linkLabel} description={text.linkHint} value={url} readOnly data-testid="preview-link" onFocus={(event) => event.currentTarget.select()} />
      )}
    </Stack>
  );
}
