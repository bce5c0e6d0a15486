import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import AbInnerReportPage from './AbInnerReportPage';
import AbReportPage from './AbReportPage';
import { abOf, pageOf, reportOf } from './fixtures';

const session = () => makeSession({ timeZoneMinutes: -300 });

test('the A/B report compares the variants and names the winner; a variant opens its details', async () => {
  mockFetch({
    '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf({ ab: abOf() })),
    '/api/mm/campaigns/7/report/recipients': () => jsonResponse(200, pageOf([])),
  });
  render(<AbReportPage />, { route: '/abreporttest?campaignId=7', session: session() });
  expect(await screen.findByTestId('ab-winner')).toHaveTextContent('Winner: Variant A');
  expect(screen.getByTestId('ab-summary')).toHaveTextContent('2026-03-01 13:00');
  const a = screen.getByTestId('variant-A');
  expect(a).toHaveTextContent('Spring sale');
  expect(a).toHaveTextContent('1 (50.0%)');
  expect(within(a).getByText('Winner')).toBeInTheDocument();
  expect(screen.getByTestId('variant-W')).toHaveTextContent('0 (0.0%)');
  await userEvent.click(within(screen.getByTestId('variant-B')).getByRole('link', { name: 'Details B' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/abinnerreport?campaignId=7&variant=B');
});

test('a campaign that is not an A/B test says so; a variant page shows that variant', async () => {
  mockFetch({ '/api/mm/campaigns/7/report': () => jsonResponse(200, reportOf()), '/api/mm/campaigns/8/report': () => jsonResponse(200, reportOf({ ab: abOf() })) });
  const first = render(<AbReportPage />, { route: '/abreporttest?campaignId=7', session: session() });
  expect(await screen.findByTestId('ab-not-ab')).toHaveTextContent('not an A/B test');
  first.unmount();
  render(<AbInnerReportPage />, { route: '/abinnerreport?campaignId=8&variant=B', session: session() });
  const inner = await screen.findByTestId('ab-inner');
  expect(inner).toHaveTextContent('Variant B · Sale!');
  expect(screen.getByRole('heading', { name: 'A/B Test Details: Spring sale' })).toBeInTheDocument();
});
