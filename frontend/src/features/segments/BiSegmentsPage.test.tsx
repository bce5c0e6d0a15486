import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import BiSegmentsPage from './BiSegmentsPage';
import { biRuleOptions } from './rule-tree';

vi.mock('../../lib/toast', () => ({ toast: vi.fn() }));
afterEach(() => vi.mocked(toast).mockClear());

const superAdmin = () => makeSession({ timeZoneMinutes: -300 }, { userRole: 'SUPERADMIN' });

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  name: 'Gmail everywhere',
  rules: { type: 'and', rules: [{ type: 'field', field: 'email', operator: 'contains', value: 'gmail' }] },
  profileCount: 1234,
  countedAt: '2026-03-01T14:05:00Z',
  createdByEmail: 'super@platform.example',
  updatedByEmail: 'super@platform.example',
  createdAt: '2026-03-01T14:05:00Z',
  updatedAt: '2026-03-01T14:05:00Z',
  ...overrides,
});
const pageOf = (items: unknown[]) => ({ items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 10 });
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mm/bi/segments?'));
const sent = (fetchMock: ReturnType<typeof mockFetch>, url: string, method: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && init.method === method).map(([, init]) => JSON.parse(String(init.body)));

const options = {
  ruleTypes: ['field', 'groups', 'tags', 'csb', 'subscription', 'activity'],
  fields: [
    { key: 'email', label: 'Email', type: 'email', options: [], operators: ['equals', 'contains'] },
    { key: 'city', label: 'City', type: 'text', options: [], operators: ['equals'] },
    { key: 'custom.shoe_size', label: 'Shoe size', type: 'number', options: [], operators: ['equals'] },
  ],
  groups: [{ id: 3, name: 'Buyers' }],
  tags: [{ id: 8, name: 'VIP' }],
  events: [{ key: 'opened', label: 'Opened' }],
  websiteIds: [7],
};
const counted = {
  count: 5,
  clients: [
    { clientId: 1, clientName: 'Plain', count: 3 },
    { clientId: 2, clientName: 'Shop', count: 2 },
  ],
};

test('the BI option set drops custom fields, groups and tags', () => {
  const bi = biRuleOptions(options);
  expect(bi.fields.map((field) => field.key)).toEqual(['email', 'city']);
  expect(bi.ruleTypes).toEqual(['field', 'csb', 'subscription', 'activity']);
  expect(bi.groups).toEqual([]);
  expect(bi.tags).toEqual([]);
});

test.each(['ADMIN', 'USER'] as const)('a %s gets the gated-content message and no BI call is made', (role) => {
  const fetchMock = mockFetch({});
  render(<BiSegmentsPage />, { route: '/segmentListbi?type=bi', session: makeSession({}, { userRole: role }) });
  expect(screen.getByTestId('bi-segments-denied')).toHaveTextContent('Accessed only by Admin Users');
  expect(screen.queryByRole('heading', { name: 'BI Segmentation' })).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('a super-admin sees the BI segments with their count at last save; sorts; links to the BI builder', async () => {
  const fetchMock = mockFetch({
    '/api/mm/bi/segments': () => jsonResponse(200, pageOf([row(), row({ id: 5, name: 'Never counted', profileCount: null })])),
  });
  render(<BiSegmentsPage />, { route: '/segmentListbi?type=bi', session: superAdmin() });
  expect(screen.getByRole('heading', { name: 'BI Segmentation' })).toBeInTheDocument();
  const first = await screen.findByTestId('bi-segment-row-4');
  expect(first).toHaveTextContent('1,234');
  expect(first).toHaveTextContent('2026-03-01 09:05');
  expect(first).toHaveTextContent('super@platform.example');
  expect(screen.getByTestId('bi-segment-row-5')).toHaveTextContent('Not counted yet');
  expect(listCalls(fetchMock)[0]).toContain('sort=-updatedAt');

  await userEvent.click(screen.getByTestId('sort-name'));
  await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('sort=name'));

  await userEvent.click(within(first).getByRole('link', { name: 'Edit Gmail everywhere' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/segmentListbi?type=bi&id=4');
});

test('an empty list offers the first BI segment; a search that finds nothing says so; deleting asks first', async () => {
  let items = [row()];
  const fetchMock = mockFetch({
    '/api/mm/bi/segments': () => jsonResponse(200, pageOf(items)),
    '/api/mm/bi/segments/4': () => {
      items = [];
      return new Response(null, { status: 204 });
    },
  });
  render(<BiSegmentsPage />, { route: '/segmentListbi?type=bi', session: superAdmin() });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Gmail everywhere' }));
  expect(await screen.findByText(/Delete the BI segment "Gmail everywhere"\?/)).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('confirm-yes'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'BI segment deleted successfully.'));
  expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/mm/bi/segments/4' && init.method === 'DELETE')).toBe(true);
  expect(await screen.findByTestId('bi-segments-empty')).toHaveTextContent('No BI segments yet.');

  fireEvent.change(screen.getByTestId('bi-segment-search'), { target: { value: 'gold' } });
  await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('search=gold'), { timeout: 2000 });
  expect(await screen.findByTestId('bi-segments-no-match')).toHaveTextContent('No BI segments match this search.');

  await userEvent.click(screen.getByTestId('create-bi-segment'));
  expect(screen.getByTestId('location')).toHaveTextContent('/segmentListbi?type=bi&id=new');
});

test('a new BI segment: only what every client has is offered; the live count has a row per client; saving posts name and rules', async () => {
  const fetchMock = mockFetch({
    '/api/mm/segments/rule-options': () => jsonResponse(200, options),
    '/api/mm/bi/segments/count': () => jsonResponse(200, counted),
    '/api/mm/bi/segments': () => jsonResponse(201, { ...row({ id: 9 }), ...counted }),
  });
  render(<BiSegmentsPage />, { route: '/segmentListbi?type=bi&id=new', session: superAdmin() });
  expect(await screen.findByRole('heading', { name: 'Create BI Segment' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Rule 1: Condition' }));
  const offered = (await screen.findAllByRole('option', { hidden: true })).map((option) => option.textContent);
  expect(offered).toEqual(expect.arrayContaining(['Email', 'City', 'Subscription', 'CSB flag', 'Email activity']));
  expect(offered).not.toContain('Shoe size');
  expect(offered).not.toContain('Group');
  expect(offered).not.toContain('Tag');
  await userEvent.keyboard('{Escape}');

  fireEvent.change(screen.getByTestId('bi-segment-name'), { target: { value: 'Gmail everywhere' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Rule 1: Value' }), { target: { value: 'gmail' } });
  expect(await screen.findByTestId('segment-count', {}, { timeout: 2000 })).toHaveTextContent('Exactly 5 profiles');
  const table = screen.getByTestId('bi-client-counts');
  expect(within(table).getByRole('row', { name: 'Plain 3' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: 'Shop 2' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: 'Total 5' })).toBeInTheDocument();
  const rules = { type: 'and', rules: [{ type: 'field', field: 'email', operator: 'equals', value: 'gmail' }] };
  expect(sent(fetchMock, '/api/mm/bi/segments/count', 'POST').at(-1)).toEqual({ rules });

  fireEvent.click(screen.getByTestId('bi-segment-save'));
  await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'BI segment saved successfully.'));
  expect(sent(fetchMock, '/api/mm/bi/segments', 'POST')).toEqual([{ name: 'Gmail everywhere', rules }]);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/segmentListbi\?type=bi$/));
});

test('a saved BI segment reopens with its name and rules; a refusal lands under its rule, a taken name under the name', async () => {
  const refusal = 'BI segments use only what every client has: profile fields and email activity, not groups, tags or custom fields.';
  const fetchMock = mockFetch({});
  // The saved segment's GET answers it; its count and PATCH are refused.
  let gets = 0;
  fetchMock.mockImplementation(async (url: string, init) => {
    if (url === '/api/mm/bi/segments/4' && init.method === 'GET') {
      gets += 1;
      return jsonResponse(200, { ...row(), ...counted });
    }
    if (url === '/api/mm/segments/rule-options') return jsonResponse(200, options);
    if (url === '/api/mm/bi/segments/count') return jsonResponse(400, { message: refusal, errors: { 'rules.0': [refusal] } });
    return jsonResponse(400, { message: 'A BI segment with this name already exists.', errors: { name: ['A BI segment with this name already exists.'] } });
  });
  render(<BiSegmentsPage />, { route: '/segmentListbi?type=bi&id=4', session: superAdmin() });
  expect(await screen.findByRole('heading', { name: 'Edit BI Segment' })).toBeInTheDocument();
  expect(gets).toBe(1);
  expect(screen.getByTestId('bi-segment-name')).toHaveValue('Gmail everywhere');
  expect(screen.getByRole('textbox', { name: 'Rule 1: Value' })).toHaveValue('gmail');
  expect(await screen.findByTestId('rule-error', {}, { timeout: 2000 })).toHaveTextContent(refusal);

  fireEvent.change(screen.getByTestId('bi-segment-name'), { target: { value: 'Taken' } });
  fireEvent.click(screen.getByTestId('bi-segment-save'));
  expect(await screen.findByText('A BI segment with this name already exists.')).toBeInTheDocument();
  expect(sent(fetchMock, '/api/mm/bi/segments/4', 'PATCH')).toEqual([{ name: 'Taken', rules: row().rules }]);
  expect(screen.getByTestId('bi-segment-name')).toHaveFocus();
});
