import { screen } from '@testing-library/react';
import { render } from '../test-utils/render';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('chunk failed to load');
}

test('a failing page shows the generic error dialog', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <RouteErrorBoundary>
      <Broken />
    </RouteErrorBoundary>,
  );
  expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Something went wrong.');
  vi.mocked(console.error).mockRestore();
});
