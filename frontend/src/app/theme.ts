import { createTheme } from '@mantine/core';

// System fonts only: the app makes no requests to font or icon CDNs.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
});
