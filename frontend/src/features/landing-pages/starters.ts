import type { PageLayout, PageSettings, PageType } from './api';

const section = (title: string, body: string) => `<section class="lp-section"><h2>${title}</h2><p>${body}</p></section>`;

/** What a new page starts with: a heading and sections in its layout (spec 3's layouts). */
export function starterHtml(type: PageType, layout: PageLayout): string {
  if (type === 'PP') return '<section class="lp-popup"><h2>Special offer</h2><p>Tell visitors why they should act now.</p></section>';
  const hero = '<section class="lp-hero"><h1>Your headline</h1><p>One sentence about what you offer.</p></section>';
  const count = layout === 'singleColumn' ? 2 : 3;
  return hero + Array.from({ length: count }, (_, n) => section(`Point ${n + 1}`, 'Say what makes it worth it.')).join('');
}

export const STARTER_CSS = '.lp-hero{padding:48px 24px;text-align:center;background:#f1f3f5}.lp-section,.lp-popup{padding:24px}';

/** A new page's settings (marketing/sites/page_settings.py's defaults). */
export const DEFAULT_SETTINGS: PageSettings = {
  seoTitle: '',
  seoDescription: '',
  socialImage: '',
  favicon: '',
  popup: { button: true, delaySeconds: null, scrollPercent: null, exitIntent: false, frequency: 1, duration: 1 },
  redirect: { enabled: false, url: '', delaySeconds: 5 },
  stickyHeader: false,
  backgroundVideo: '',
};
