import { Alert, Modal, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { getTemplatePreview, type TemplateRow } from '../../api/templates';
import { useRemote } from '../../components/list/useRemote';
import { templateMessages as text } from './messages';
import { previewWidths, type PreviewWidth } from './preview-widths';
import { SandboxedHtml } from './SandboxedHtml';

interface TemplatePreviewDialogProps {
  template: TemplateRow | null;
  onClose: () => void;
}

/**
 * The gallery's preview of a template with sample merge values, at desktop or mobile width.
 * Seam: the designer's PreviewDialog (preview/, with a profile picker) takes its place once
 * it exists.
 */
export function TemplatePreviewDialog({ template, onClose }: TemplatePreviewDialogProps) {
  return (
    <Modal opened={template !== null} onClose={onClose} title={template ? `${text.preview}: ${template.name}` : ''} size={760} centered>
      {template && <PreviewBody template={template} />}
    </Modal>
  );
}

function PreviewBody({ template }: { template: TemplateRow }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const preview = useRemote((signal) => getTemplatePreview(template.id, undefined, signal), String(template.id));
  return (
    <Stack>
      <SegmentedControl
        aria-label={text.previewWidth}
        value={width}
        onChange={(value) => setWidth(value as PreviewWidth)}
        data={[
          { value: 'desktop', label: text.desktop },
          { value: 'mobile', label: text.mobile },
        ]}
      />
      {preview.error && <Alert color="red">{preview.error}</Alert>}
      {preview.data ? (
        <>
          {preview.data.subject && (
            <Text size="sm">
              <b>{text.subject}:</b> {preview.data.subject}
            </Text>
          )}
          {template.type === 'plainText' ? (
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} maw={previewWidths[width]} mx="auto">
              {preview.data.text}
            </Text>
          ) : (
            <SandboxedHtml html={preview.data.html} title={text.previewFrame(template.name)} width={previewWidths[width]} height={520} />
          )}
        </>
      ) : (
        !preview.error && <Skeleton height={520} />
      )}
    </Stack>
  );
}
