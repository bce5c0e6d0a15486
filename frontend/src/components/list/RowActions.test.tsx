import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render';
import { RowActions } from './RowActions';

test('edit and delete are named buttons that call their handlers', async () => {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(<RowActions editLabel="Rename VIP" onEdit={onEdit} deleteLabel="Delete VIP" onDelete={onDelete} />);
  await userEvent.click(screen.getByRole('button', { name: 'Rename VIP' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete VIP' }));
  expect(onEdit).toHaveBeenCalledOnce();
  expect(onDelete).toHaveBeenCalledOnce();
});

test("edit can go to the item's own screen, and an item without a delete label has no delete", () => {
  render(<RowActions editLabel="Edit Header A" editTo="/CampaignFooterSettings?id=4" />);
  expect(screen.getByRole('link', { name: 'Edit Header A' })).toHaveAttribute('href', '/CampaignFooterSettings?id=4');
  expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
});

test("a row's own actions sit between edit and delete", () => {
  render(
    <RowActions editLabel="Edit S" onEdit={() => undefined} deleteLabel="Delete S" onDelete={() => undefined}>
      <button type="button">Copy S</button>
    </RowActions>,
  );
  const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
  expect(names).toEqual(['Edit S', 'Copy S', 'Delete S']);
});
