import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';

/**
 * Whether a form differs from what was last saved (closing the tab then asks first, UI.md):
 * `markSaved` records the saved values.
 */
export function useLeaveGuard<T>(current: T, initial: T) {
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const dirty = JSON.stringify(current) !== saved;
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });
  return { dirty, markSaved: (values: T) => setSaved(JSON.stringify(values)) };
}
