import { useCallback, useState } from 'react';

/** Checked row ids, kept across pages so a bulk action can span them. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const select = useCallback((ids: number[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, clear };
}
