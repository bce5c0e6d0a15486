import { useEffect, useState } from 'react';
import { LoadingScreen } from './LoadingScreen';

export const placeholderMaxMs = 700;

/** Spec 2.4: an empty placeholder while a lazy page loads, for at most 700 ms, then the loading screen. */
export function PageFallback() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), placeholderMaxMs);
    return () => clearTimeout(timer);
  }, []);
  return late ? <LoadingScreen /> : <div data-testid="page-placeholder" />;
}
