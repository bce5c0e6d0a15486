import { useCallback, useRef } from 'react';
import { insertAtCaret } from './text-insert';

/**
 * Inserts text (a merge tag) where the caret was in a textarea. The picker takes focus when
 * it opens, so the selection is remembered then (`remember`) and used on insert.
 */
export function useCaretInsert(value: string, onChange: (value: string) => void) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);

  const remember = useCallback(() => {
    const field = ref.current;
    selection.current = field ? { start: field.selectionStart, end: field.selectionEnd } : null;
  }, []);

  const insert = useCallback(
    (text: string) => {
      const field = ref.current;
      const at = selection.current ?? (field ? { start: field.selectionStart, end: field.selectionEnd } : null);
      const next = insertAtCaret(value, at?.start ?? null, at?.end ?? null, text);
      selection.current = null;
      onChange(next.value);
      // Back in the field, the caret just after what was inserted, once React has rendered it.
      requestAnimationFrame(() => {
        if (!field) return;
        field.focus();
        field.setSelectionRange(next.caret, next.caret);
      });
    },
    [value, onChange],
  );

  return { ref, remember, insert };
}
