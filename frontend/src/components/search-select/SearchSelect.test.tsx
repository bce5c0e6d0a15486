import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { jsonResponse, mockFetch } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { SearchMultiSelect, SearchSelect } from './SearchSelect';

const page = (items: unknown[]) => ({ items, total: 500, totalIsEstimate: false, page: 1, pageSize: 30 });
const groups = Array.from({ length: 30 }, (_, n) => ({ id: n + 1, name: `Group ${String(n + 1).padStart(3, '0')}` }));

function Groups() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <SearchMultiSelect source="groups" label="Groups" known={[]} value={value} onChange={setValue} testId="field-groupIds" />
      <div data-testid="chosen">{value.join(',')}</div>
    </>
  );
}

test('a group past the first 30 is found by the server as you type, and chosen', async () => {
  const fetchMock = mockFetch({
    '/api/mm/groups': () => jsonResponse(200, page(groups)),
  });
  render(<Groups />);
  await userEvent.click(screen.getByLabelText('Groups', { selector: 'input' }));
  expect(await screen.findByRole('option', { name: 'Group 030', hidden: true })).toBeInTheDocument();

  mockFetch({ '/api/mm/groups': () => jsonResponse(200, page([{ id: 450, name: 'Zeta buyers' }])) });
  await userEvent.type(screen.getByLabelText('Groups', { selector: 'input' }), 'zeta');
  await userEvent.click(await screen.findByRole('option', { name: 'Zeta buyers', hidden: true }, { timeout: 3000 }));
  expect(screen.getByTestId('chosen')).toHaveTextContent('450');
  expect(fetchMock.mock.calls[0][0]).toBe('/api/mm/groups?page=1&pageSize=30');
});

test("a saved template the first page does not hold shows its name, read by id", async () => {
  mockFetch({
    '/api/mm/templates': () => jsonResponse(200, page([{ id: 1, name: 'Newest' }])),
    '/api/mm/templates/77': () => jsonResponse(200, { id: 77, name: 'Old welcome' }),
  });
  render(<SearchSelect source="templates" label="Template" known={[]} value="77" onChange={() => undefined} testId="field-templateId" />);
  await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'input' })).toHaveValue('Old welcome'));
});
