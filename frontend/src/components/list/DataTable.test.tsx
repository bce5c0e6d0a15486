import { Table } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { render } from '../../test-utils/render';
import { EmptyState } from '../EmptyState';
import { DataTable } from './DataTable';

const head = <Table.Th>Name</Table.Th>;
const renderRow = (name: string) => (
  <Table.Tr key={name}>
    <Table.Td>{name}</Table.Td>
  </Table.Tr>
);

test('an empty list shows its empty state, with what the list holds and the way to start it', () => {
  render(
    <DataTable
      testId="tags-table"
      head={head}
      columnCount={1}
      rows={[]}
      renderRow={renderRow}
      empty={<EmptyState icon={<IconTag />} title="No tags yet." description="Create your first tag." action={<button type="button">Create tag</button>} />}
    />,
  );
  expect(screen.getByTestId('empty-state-title')).toHaveTextContent('No tags yet.');
  expect(screen.getByRole('button', { name: 'Create tag' })).toBeInTheDocument();
  expect(screen.queryByText('No records found')).not.toBeInTheDocument();
});

test('while the first answer loads, an empty list says nothing yet', () => {
  render(<DataTable testId="tags-table" head={head} columnCount={1} rows={[]} renderRow={renderRow} loading empty={<EmptyState icon={<IconTag />} title="No tags yet." />} />);
  expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();
});

test('the table scrolls sideways in its own container, never the page', () => {
  render(<DataTable testId="tags-table" head={head} columnCount={1} rows={['a']} renderRow={renderRow} />);
  const table = screen.getByTestId('tags-table');
  expect(table.closest('.mantine-Table-scrollContainer, .mantine-ScrollArea-root')).not.toBeNull();
  expect(table).toHaveTextContent('a');
});
