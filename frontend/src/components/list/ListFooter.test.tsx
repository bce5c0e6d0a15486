import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render';
import { ListFooter } from './ListFooter';

test('shows the range with thousands separators and moves between pages', async () => {
  const onPage = vi.fn();
  render(<ListFooter total={12345} page={2} pageSize={20} onPage={onPage} onPageSize={() => undefined} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('21–40 of 12,345');
  await userEvent.click(screen.getByRole('button', { name: '3' }));
  expect(onPage).toHaveBeenCalledWith(3);
});

test('offers page sizes 10, 20 and 30', async () => {
  const onPageSize = vi.fn();
  render(<ListFooter total={0} page={1} pageSize={10} onPage={() => undefined} onPageSize={onPageSize} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('0–0 of 0');
  await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  const options = await screen.findAllByRole('option', { hidden: true });
  expect(options.map((option) => option.textContent)).toEqual(['10', '20', '30']);
  await userEvent.click(screen.getByRole('option', { name: '30', hidden: true }));
  expect(onPageSize).toHaveBeenCalledWith(30);
});
