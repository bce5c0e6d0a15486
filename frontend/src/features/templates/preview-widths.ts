/** Preview widths: a desktop mail client, and a phone (spec 9: mobile max width 426). */
export const previewWidths = { desktop: 680, mobile: 426 } as const;
export type PreviewWidth = keyof typeof previewWidths;
