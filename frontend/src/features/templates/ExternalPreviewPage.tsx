import { Alert, Container, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getExternalPreview } from '../../api/templates';
import { queryKeys, useApiQuery } from '../../api/query';
import { templateMessages as text } from './messages';
import { previewWidths, type PreviewWidth } from './preview-widths';
import { SandboxedHtml } from '../../components/SandboxedHtml';

/**
 * Template Preview (spec 2.4 /external/previewTemplate?token=...): public, no sign-in. The
 * signed token names the template; its email shows only inside an empty sandbox.
 */
export default function ExternalPreviewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const preview = useApiQuery(queryKeys.detail('externalPreview', token), (signal) => getExternalPreview(token, signal));

  return (
    <Container size="lg" py="md">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{preview.data?.name || text.externalTitle}</Title>
            {preview.data?.subject && (
              <Text c="dimmed" size="sm" data-testid="external-subject">
                {text.subject}: {preview.data.subject}
              </Text>
            )}
          </div>
          {preview.data && (
            <SegmentedControl
              aria-label={text.previewWidth}
              value={width}
              onChange={(value) => setWidth(value as PreviewWidth)}
              data={[
                { value: 'desktop', label: text.desktop },
                { value: 'mobile', label: text.mobile },
              ]}
              data-testid="external-width"
            />
          )}
        </Group>
        {preview.error && (
          <Alert color="red" data-testid="external-error">
            {/* A token missing altogether never reaches a server answer worth showing. */}
            {token ? preview.error : text.invalidPreview}
          </Alert>
        )}
        {preview.data ? (
          preview.data.html ? (
            <SandboxedHtml html={preview.data.html} title={text.previewFrame(preview.data.name)} width={previewWidths[width]} height={720} testId="external-frame" />
          ) : (
            <Text component="pre" style={{ whiteSpace: 'pre-wrap' }} maw={previewWidths[width]} mx="auto" data-testid="external-text">
              {preview.data.text}
            </Text>
          )
        ) : (
          !preview.error && <Skeleton height={720} />
        )}
      </Stack>
    </Container>
  );
}
