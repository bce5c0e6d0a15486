import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render';
import { ListFooter } from './ListFooter';

const counted = (total: number, totalIsEstimate = false) => ({ total, totalIsEstimate });

test('shows the range with thousands separators and moves between pages', async () => {
  const onPage = vi.fn();
  render(<ListFooter answer={counted(12345)} page={2} pageSize={20} onPage={onPage} onPageSize={() => undefined} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('21–40 of 12,345');
  await userEvent.click(screen.getByRole('button', { name: '3' }));
  expect(onPage).toHaveBeenCalledWith(3);
});

test("a total that is the planner's estimate reads \"about N\"", () => {
  render(<ListFooter answer={counted(1_204_000, true)} page={1} pageSize={10} onPage={() => undefined} onPageSize={() => undefined} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('1–10 of about 1,204,000');
});

test('before the first answer the range is empty', () => {
  render(<ListFooter answer={null} page={1} pageSize={10} onPage={() => undefined} onPageSize={() => undefined} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('0–0 of 0');
});

test('the arrows are labelled buttons', async () => {
  const onPage = vi.fn();
  render(<ListFooter answer={counted(45)} page={2} pageSize={10} onPage={onPage} onPageSize={() => undefined} />);
  expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(onPage.mock.calls).toEqual([[1], [3]]);
});

test('offers page sizes 10, 20 and 30', async () => {
  const onPageSize = vi.fn();
  render(<ListFooter answer={counted(0)} page={1} pageSize={10} onPage={() => undefined} onPageSize={onPageSize} />);
  expect(screen.getByTestId('list-range')).toHaveTextContent('0–0 of 0');
  await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  const options = await screen.findAllByRole('option', { hidden: true });
  expect(options.map((option) => option.textContent)).toEqual(['10', '20', '30']);
  await userEvent.click(screen.getByRole('option', { name: '30', hidden: true }));
  expect(onPageSize).toHaveBeenCalledWith(30);
});
