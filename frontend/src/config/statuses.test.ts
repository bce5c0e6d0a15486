import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, minContrast, readableText } from './theme';
import { statusLook, statusLooks } from './statuses';

const everyLook = Object.entries(statusLooks).flatMap(([family, looks]) =>
  Object.entries(looks).map(([status, look]) => [`${family} ${status}`, look] as const),
);

test('the statuses of UI.md have their colours and labels', () => {
  expect(statusLooks.campaign).toEqual({
    Draft: { color: 'gray', label: 'Draft' },
    Scheduled: { color: 'blue', label: 'Scheduled' },
    Sending: { color: 'violet', label: 'Sending' },
    Sent: { color: 'green', label: 'Sent' },
    Paused: { color: 'orange', label: 'Paused' },
    Failed: { color: 'red', label: 'Failed' },
    Published: { color: 'green', label: 'Published' },
    Unpublished: { color: 'gray', label: 'Unpublished' },
  });
  expect(Object.keys(statusLooks.job)).toEqual(['Pending', 'InProcess', 'Completed', 'Failed', 'Cancelled']);
  expect(statusLook('job', 'InProcess')).toEqual({ color: 'blue', label: 'In process' });
  expect(Object.keys(statusLooks.verification)).toEqual(['Valid', 'Invalid', 'Unknown', 'Pending']);
});

test('a status the map does not know shows its own text in grey', () => {
  expect(statusLook('job', 'Paused')).toEqual({ color: 'gray', label: 'Paused' });
  expect(statusLook('job', 'toString')).toEqual({ color: 'gray', label: 'toString' });
});

test.each(everyLook)('%s reads at 4.5:1 on its light badge', (_name, look) => {
  expect(contrastRatio(readableText[look.color], DEFAULT_THEME.colors[look.color][1])).toBeGreaterThanOrEqual(minContrast);
});
