import { Alert, Skeleton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryKeys, useApiQuery } from '../../../api/query';
import { SandboxedHtml } from '../../../components/SandboxedHtml';
import { previewForm, type EditedStyles, type FormDefinition } from './api';
import { themeMessages as text } from './messages';
import { sampleDefinition } from './sample-definition';

interface FormPreviewProps {
  /** The form to show (the builder's draft); a sample form when absent. */
  definition?: FormDefinition;
  /** The theme's styles (a preset's or the one being edited). */
  theme: EditedStyles;
  /** The frame's width in pixels (spec 9: mobile is 426); its container's width when absent. */
  width?: number;
  /** A multi-step form's step to show; every section and button when absent (a theme's every group). */
  step?: number;
  height?: number;
  /** Shows the disclaimer's place, styled by the disclaimer group. */
  showDisclaimer?: boolean;
}

/**
 * A form as a visitor sees it: the public page's HTML made by the server's own template and
 * stylesheet function (POST /api/mm/forms/preview), shown in an empty sandbox (no scripts,
 * an opaque origin: ARCHITECTURE.md's untrusted-content rule). Typing is debounced so a
 * colour dragged across its picker asks once.
 */
export function FormPreview({ definition = sampleDefinition, theme, width, step, height = 560, showDisclaimer = false }: FormPreviewProps) {
  const [shown] = useDebouncedValue({ definition, theme, showDisclaimer, step }, 250);
  const preview = useApiQuery(queryKeys.detail('formPreview', JSON.stringify(shown)), (signal) =>
    previewForm(shown.definition, shown.theme, shown.showDisclaimer, shown.step, signal),
  );
  const label = text.previewTitle(width !== undefined && width <= 426 ? text.mobile : text.desktop);
  if (preview.error) return <Alert color="red">{text.previewFailed}</Alert>;
  if (!preview.data) return <Skeleton height={height} w={width ?? '100%'} maw="100%" mx="auto" />;
  return <SandboxedHtml html={preview.data.html} title={label} width={width} height={height} testId="form-preview" />;
}
