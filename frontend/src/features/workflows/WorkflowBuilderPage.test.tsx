import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import WorkflowBuilderPage from './WorkflowBuilderPage';

test("a summary notification's workflow opened in the builder goes to its own screen", async () => {
  mockFetch({
    '/api/mm/workflows/12': () =>
      jsonResponse(404, {
        message: 'This workflow is a summary notification: it is edited on Summary Notifications.',
        errors: { screen: ['/summaryNotifications'] },
      }),
  });
  render(<WorkflowBuilderPage />, { route: '/Workflow?id=12' });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/summaryNotifications$/));
});

test('a workflow that does not exist says so', async () => {
  mockFetch({
    '/api/mm/workflows/13': () => jsonResponse(404, { message: 'Workflow not found.', errors: {} }),
  });
  render(<WorkflowBuilderPage />, { route: '/Workflow?id=13' });
  expect(await screen.findByText('Workflow not found.')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/Workflow?id=13');
});
