import { useEffect, useState } from 'react';
import { getTemplateThumbnail } from '../../api/templates';

/**
 * A template's thumbnail as an object URL, or null while it loads or when there is none.
 * Fetched rather than put in `<img src>`: an image request carries only the session cookie,
 * which a browser blocking third-party cookies withholds inside the parent suite's iframe,
 * where the app signs its calls with the bearer token instead.
 */
export function useThumbnail(templateId: number, thumbnailUrl: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!thumbnailUrl) return undefined;
    const controller = new AbortController();
    let made: string | null = null;
    getTemplateThumbnail(templateId, controller.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => setSrc(null)); // none yet (404): the placeholder stays
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [templateId, thumbnailUrl]);
  return src;
}
