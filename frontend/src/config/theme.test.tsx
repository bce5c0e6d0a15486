import { DEFAULT_THEME, Drawer, mergeMantineTheme, Modal, Notification, parseThemeColor } from '@mantine/core';
import { screen } from '@testing-library/react';
import { render } from '../test-utils/render';
import { contrastRatio, minContrast, readableOn, readableText, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const { colors, white, black } = DEFAULT_THEME;

test('dimmed text reads at 4.5:1 on white, striped and hovered rows', () => {
  for (const background of [white, colors.gray[0], colors.gray[1]]) {
    expect(contrastRatio(readableText.dimmed, background)).toBeGreaterThanOrEqual(minContrast);
  }
});

// Filled buttons and badges: the primary colour, and every colour the screens fill with.
test.each(['indigo', 'red', 'orange', 'green', 'yellow', 'gray', 'dark', 'blue', 'violet', 'teal'])(
  'a filled %s control has text at 4.5:1',
  (color) => {
    const { value, isLight } = parseThemeColor({ color, theme: merged });
    expect(contrastRatio(isLight ? black : white, value)).toBeGreaterThanOrEqual(minContrast);
  },
);

test('the primary filled button keeps white text', () => {
  expect(parseThemeColor({ color: 'indigo', theme: merged }).isLight).toBe(false);
});

test.each(Object.keys(colors))('light and subtle %s text reads at 4.5:1, hovered or not', (name) => {
  const shades = colors[name as keyof typeof colors];
  const text = readableText[name as keyof typeof colors];
  for (const background of [shades[1], shades[2], white]) {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(minContrast);
  }
});

test('a colour already readable is kept as it is', () => {
  expect(readableOn(colors.indigo[9], [white])).toBe(colors.indigo[9]);
});

test('icon-only close buttons of dialogs, drawers and toasts are named', () => {
  render(
    <>
      <Modal opened onClose={() => undefined} title="A modal" />
      <Drawer opened onClose={() => undefined} title="A drawer" />
      <Notification title="Saved" onClose={() => undefined}>
        Done
      </Notification>
    </>,
  );
  expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(3);
});
