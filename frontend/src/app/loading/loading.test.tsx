import { act, screen } from '@testing-library/react';
import { render } from '../../test-utils/render';
import { waitMessageIntervalMs } from './LoadingScreen';
import { PageFallback } from './PageFallback';
import { waitMessage } from './wait-messages';

test('wait messages run from the start group through mid to end, then keep to the end group', () => {
  expect(waitMessage(0)).toBe('Getting things ready…');
  expect(waitMessage(3)).toBe('Still working on it…');
  expect(waitMessage(6)).toBe('Almost there…');
  expect(waitMessage(9)).toBe('Almost there…');
  expect(waitMessage(10)).toBe('Just a moment more…');
});

test('a lazy page shows an empty placeholder for 700 ms, then rotating wait messages', () => {
  vi.useFakeTimers();
  render(<PageFallback />);
  expect(screen.getByTestId('page-placeholder')).toBeEmptyDOMElement();
  act(() => vi.advanceTimersByTime(699));
  expect(screen.queryByTestId('loading-screen')).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByText('Getting things ready…')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(waitMessageIntervalMs));
  expect(screen.getByText('Warming up…')).toBeInTheDocument();
});
