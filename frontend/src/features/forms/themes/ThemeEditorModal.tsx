import { Modal } from '@mantine/core';
import type { FormDefinition, FormTheme } from './api';
import { themeMessages as text } from './messages';
import { ThemeEditor } from './ThemeEditor';

interface ThemeEditorModalProps {
  opened: boolean;
  onClose: () => void;
  definition?: FormDefinition;
  themeId?: number | null;
  onSaved?: (theme: FormTheme) => void;
}

/** The theme editor over a builder (the form builder's and the opt-out form builder's "Edit themes"). */
export function ThemeEditorModal({ opened, onClose, definition, themeId, onSaved }: ThemeEditorModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={text.title} size="90rem" closeButtonProps={{ 'aria-label': text.close }}>
      {opened && <ThemeEditor definition={definition} themeId={themeId} onSaved={onSaved} />}
    </Modal>
  );
}
