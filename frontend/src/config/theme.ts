import { Badge, createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver } from '@mantine/core';
import { messages } from '../lib/messages';

/** WCAG 2 AA for normal text. */
export const minContrast = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened step by step until it reads at 4.5:1 on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: string[]): string {
  let readable = color;
  for (let step = 1; step <= 50 && backgrounds.some((background) => contrastRatio(readable, background) < minContrast); step += 1) {
    readable = darken(color, step * 0.02);
  }
  return readable;
}

const { colors, white } = DEFAULT_THEME;

// Shade 8 carries white text at 4.5:1 for the primary colour (indigo) and the other dark
// hues; lighter filled colours (green, orange, yellow, teal) get black text instead, which
// auto-contrast picks for any shade above this luminance.
const primaryShade = 8;
const luminanceThreshold = 0.2;

/**
 * Text that reads at 4.5:1 (measured 2026-11-23: Mantine's defaults do not): dimmed text
 * on white, striped and hovered table rows; each colour's "light" text (badges, light and
 * subtle buttons) on its light background, hovered (shade 2) or not, and on white; coloured
 * text on white.
 */
export const readableText = {
  dimmed: readableOn(colors.gray[6], [white, colors.gray[0], colors.gray[1]]),
  ...Object.fromEntries(Object.entries(colors).map(([name, shades]) => [name, readableOn(shades[9], [shades[1], shades[2], white])])),
} as Record<'dimmed' | keyof typeof colors, string>;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': readableText.dimmed,
    // Inline field errors (the message and the invalid input's text) in a readable red.
    '--mantine-color-error': readableText.red,
    ...Object.fromEntries(
      Object.keys(colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, readableText[name as keyof typeof colors]],
        [`--mantine-color-${name}-text`, readableText[name as keyof typeof colors]],
      ]),
    ),
  },
  dark: {},
});

// System fonts only: the app makes no requests to font or icon CDNs.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: primaryShade, dark: primaryShade },
  autoContrast: true,
  luminanceThreshold,
  defaultRadius: 'sm',
  components: {
    // A badge is as wide as its label: a narrow table column never cuts it to "CO…".
    Badge: Badge.extend({ styles: { root: { overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } }),
    // Icon-only close buttons get a name; a toast's text under its title uses the readable
    // dimmed. Plain objects rather than X.extend(): importing Drawer here would put it in the
    // initial bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': messages.close } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': messages.close } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': messages.close } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
