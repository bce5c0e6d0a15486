import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import WorkflowTestPage from './WorkflowTestPage';

const page = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 20 });

const workflows = page([
  { id: 3, name: 'Welcome series', status: 'Draft', tab: 'Custom' },
  { id: 4, name: 'Renewal reminder', status: 'Published', tab: 'Custom' },
]);
const profiles = page([
  { id: 7, email: 'ann@demo.test', firstName: 'Ann', lastName: 'Lee', createdAt: '2026-11-01T10:00:00Z' },
  { id: 8, email: 'bob@demo.test', firstName: '', lastName: '', createdAt: '2026-11-01T10:00:00Z' },
]);
const steps = [
  { stepId: 's1', type: 'wait', outcome: 'waiting', detail: 'until 2026-11-29T09:00:00+00:00' },
  { stepId: 's2', type: 'condition', outcome: 'no', detail: '' },
  { stepId: 's3', type: 'split', outcome: 'branch:1', detail: '50% branch' },
  {
    stepId: 's4',
    type: 'sendEmail',
    outcome: 'wouldSend',
    detail: 'The email would be handed to delivery.',
    email: { to: 'ann@demo.test', subject: 'Hello Ann', fromName: 'Demo', fromAddress: 'news@demo.test', templateId: 5 },
  },
  { stepId: 's5', type: 'end', outcome: 'done', detail: 'The enrollment ends.' },
];

function answers(test: () => Response = () => jsonResponse(200, { steps })) {
  return {
    '/api/mm/workflows': () => jsonResponse(200, workflows),
    '/api/mm/workflows/3': () => jsonResponse(200, { id: 3, name: 'Welcome series', status: 'Draft' }),
    '/api/mm/profiles': () => jsonResponse(200, profiles),
    '/api/mm/workflows/3/test': test,
    '/api/mm/workflows/4/test': test,
  };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

test('picking a workflow and a profile, then "Run test", shows the path step by step and the emails it would send', async () => {
  const fetchMock = mockFetch(answers());
  render(<WorkflowTestPage />, { route: '/WorkflowTest' });
  expect(await screen.findByText('Workflow Test')).toBeInTheDocument();
  expect(screen.getByTestId('test-empty')).toHaveTextContent('Choose a workflow and a profile, then run the test.');
  expect(screen.getByTestId('test-run')).toBeDisabled();

  await choose('Workflow', 'Renewal reminder');
  await choose('Profile (email)', 'ann@demo.test (Ann Lee)');
  await userEvent.click(screen.getByTestId('test-run'));

  const path = await screen.findByTestId('test-path');
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/mm/workflows/4/test?profileId=7')).toBe(true);
  const rows = within(path).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
    ['1', 'Wait', 'Waits', 'until 2026-11-29T09:00:00+00:00'],
    ['2', 'Condition', 'No', ''],
    ['3', 'A/B split', 'Branch B', '50% branch'],
    ['4', 'Send email', 'Would send', 'The email would be handed to delivery.'],
    ['5', 'End', 'Ends', 'The enrollment ends.'],
  ]);
  const email = within(screen.getByTestId('test-emails')).getByTestId('test-email-0');
  expect(within(email).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Hello Ann', 'Demo <news@demo.test>', 'ann@demo.test', 'Would send']);
});

test('the profile is found by a search on the server, by email', async () => {
  const fetchMock = mockFetch(answers());
  render(<WorkflowTestPage />, { route: '/WorkflowTest' });
  await userEvent.type(screen.getByLabelText('Profile (email)', { selector: 'input' }), 'bob');
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/mm/profiles?') && url.includes('search=bob'))).toBe(true), {
    timeout: 3000,
  });
});

test('?id= preselects the workflow by name; a path without emails says so', async () => {
  const fetchMock = mockFetch(answers(() => jsonResponse(200, { steps: [{ stepId: 'e', type: 'end', outcome: 'done', detail: 'The enrollment ends.' }] })));
  render(<WorkflowTestPage />, { route: '/WorkflowTest?id=3' });
  await waitFor(() => expect(screen.getByLabelText('Workflow', { selector: 'input' })).toHaveValue('Welcome series'));
  await choose('Profile (email)', 'bob@demo.test');
  await userEvent.click(screen.getByTestId('test-run'));

  expect(await screen.findByTestId('test-no-emails')).toHaveTextContent('This path sends no email.');
  expect(within(screen.getByTestId('test-path')).getAllByRole('row')).toHaveLength(2);
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/mm/workflows/3/test?profileId=8')).toBe(true);
});

test('a test the server refuses shows its message', async () => {
  mockFetch(answers(() => jsonResponse(404, { message: 'Profile not found.' })));
  render(<WorkflowTestPage />, { route: '/WorkflowTest?id=3' });
  await waitFor(() => expect(screen.getByLabelText('Workflow', { selector: 'input' })).toHaveValue('Welcome series'));
  await choose('Profile (email)', 'bob@demo.test');
  await userEvent.click(screen.getByTestId('test-run'));
  expect(await screen.findByTestId('test-error')).toHaveTextContent('Profile not found.');
});
