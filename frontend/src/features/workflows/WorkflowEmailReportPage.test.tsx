import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import WorkflowEmailReportPage from './WorkflowEmailReportPage';

const figures = (sent: number, delivered: number, opened: number) => ({
  sent,
  delivered,
  opened,
  clicked: 1,
  bounced: sent - delivered,
  complained: 0,
  unsubscribed: 0,
  machineOpens: 2,
  machineClicks: 1,
  deliveredRate: Math.round((10000 * delivered) / sent) / 100,
  openRate: Math.round((10000 * opened) / delivered) / 100,
  clickRate: 25,
  bounceRate: 20,
  unsubscribeRate: 0,
});

const report = {
  workflowId: 3,
  name: 'Welcome series',
  steps: [
    { stepId: 's1', subject: 'Welcome', templateId: 5, versions: [1, 2], ...figures(5, 4, 2) },
    { stepId: 's4', subject: '', templateId: 6, versions: [], ...figures(0, 0, 0), deliveredRate: 0, openRate: 0 },
  ],
  total: figures(5, 4, 2),
};

test('a workflow named by ?id= shows each email step with counts and rates, and the total', async () => {
  mockFetch({
    '/api/mm/workflows': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 20 }),
    '/api/mm/workflows/3': () => jsonResponse(200, { id: 3, name: 'Welcome series', status: 'Published' }),
    '/api/mm/workflows/3/emailReport': () => jsonResponse(200, report),
  });
  render(<WorkflowEmailReportPage />, { route: '/workflowcampaignreport?id=3' });
  const first = await screen.findByTestId('report-step-s1');
  expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Welcome',
    '1, 2',
    '5',
    '4 (80%)',
    '2 (50%)',
    '1 (25%)',
    '1 (20%)',
    '0 (0%)',
  ]);
  expect(within(screen.getByTestId('report-step-s4')).getAllByRole('cell')[1]).toHaveTextContent('not sent yet');
  expect(screen.getByTestId('report-total-sent')).toHaveTextContent('5');
  expect(screen.getByText(/Machine opens \(2\) and bot clicks \(1\) are left out/)).toBeInTheDocument();
});

test('without a workflow the page asks for one', async () => {
  mockFetch({ '/api/mm/workflows': () => jsonResponse(200, { items: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 20 }) });
  render(<WorkflowEmailReportPage />, { route: '/workflowcampaignreport' });
  expect(await screen.findByTestId('report-empty')).toHaveTextContent('Choose a workflow to see its emails.');
});
