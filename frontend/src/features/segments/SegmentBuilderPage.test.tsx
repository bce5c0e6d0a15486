import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import SegmentBuilderPage from './SegmentBuilderPage';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const options = {
  ruleTypes: ['field', 'groups', 'tags', 'csb', 'subscription', 'activity'],
  fields: [{ key: 'email', label: 'Email', type: 'email', options: [], operators: ['equals', 'contains'] }],
  groups: [{ id: 3, name: 'Buyers' }],
  tags: [],
  events: [{ key: 'opened', label: 'Opened' }],
  websiteIds: [7],
};
const saved = {
  id: 4,
  name: 'Frozen',
  type: 'static',
  rules: { type: 'and', rules: [{ type: 'field', field: 'email', operator: 'contains', value: 'x' }] },
  websiteIds: [7],
  profileCount: 2,
  countedAt: null,
  frozenAt: '2026-03-01T14:05:00Z',
  createdByEmail: 'ann@demo.test',
  updatedByEmail: 'ann@demo.test',
  createdAt: '2026-03-01T14:05:00Z',
  updatedAt: '2026-03-01T14:05:00Z',
  count: 2,
};
const sent = (fetchMock: ReturnType<typeof mockFetch>, url: string, method: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && init.method === method).map(([, init]) => JSON.parse(String(init.body)));

test('a static segment keeps its name and websites; the API error lands under its rule; saving sends the rules only', async () => {
  const fetchMock = mockFetch({
    '/api/mm/segments/rule-options': () => jsonResponse(200, options),
    '/api/mm/segments/4': () => jsonResponse(200, saved),
    '/api/mm/segments/count': () => jsonResponse(400, { message: 'Invalid Request', errors: { 'rules.and.rules.0.field': ['Please enter a text.'] } }),
  });
  render(<SegmentBuilderPage />, { route: '/segments?id=4', session: makeSession() });
  const name = await screen.findByTestId('segment-name');
  expect(name).toHaveValue('Frozen');
  expect(name).toBeDisabled();
  expect(screen.getAllByText('A static segment cannot be renamed or have its website changed.')).toHaveLength(2);
  expect(screen.getByTestId('segment-type-dynamic')).toBeDisabled();
  expect(await screen.findByTestId('rule-error', {}, { timeout: 2000 })).toHaveTextContent('Please enter a text.');
  expect(sent(fetchMock, '/api/mm/segments/count', 'POST')[0]).toEqual({ rules: saved.rules });

  fireEvent.click(screen.getByTestId('segment-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Segment saved successfully.'));
  expect(sent(fetchMock, '/api/mm/segments/4', 'PATCH')).toEqual([{ rules: saved.rules }]);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/segmentList'));
});

test('a new segment shows the live count, and a refused name under the name', async () => {
  const fetchMock = mockFetch({
    '/api/mm/segments/rule-options': () => jsonResponse(200, options),
    '/api/mm/segments/count': () => jsonResponse(200, { count: 1234 }),
    '/api/mm/segments': () => jsonResponse(400, { message: 'A segment with this name already exists.', errors: { name: ['A segment with this name already exists.'] } }),
  });
  render(<SegmentBuilderPage />, { route: '/segments', session: makeSession() });
  fireEvent.change(await screen.findByTestId('segment-name'), { target: { value: 'Openers' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Rule 1: Value' }), { target: { value: 'gmail' } });
  expect(await screen.findByTestId('segment-count', {}, { timeout: 2000 })).toHaveTextContent('Exactly 1,234 profiles');

  fireEvent.click(screen.getByTestId('segment-save'));
  expect(await screen.findByText('A segment with this name already exists.')).toBeInTheDocument();
  expect(sent(fetchMock, '/api/mm/segments', 'POST')).toEqual([
    { name: 'Openers', type: 'dynamic', websiteIds: [7], rules: { type: 'and', rules: [{ type: 'field', field: 'email', operator: 'equals', value: 'gmail' }] } },
  ]);
});
