import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../test-utils/fetch';
import { render } from '../../../test-utils/render';
import { MergeTagPicker } from './MergeTagPicker';

const tags = {
  groups: [
    {
      key: 'client',
      label: 'Client fields',
      tags: [
        { name: 'firstName', label: 'First name', tag: '<% firstName %>' },
        { name: 'company', label: 'Company', tag: '<% company %>' },
      ],
    },
    { key: 'rss', label: 'RSS fields', tags: [{ name: 'RSS_title', label: 'Title', tag: '<% RSS_title %>' }] },
    { key: 'empty', label: 'Nothing here', tags: [] },
  ],
};

test('the button is labelled; the tags load on the first opening, by group, and a click picks the text to insert', async () => {
  const fetchMock = mockFetch({ '/api/mm/mergeTags': () => jsonResponse(200, tags) });
  const onPick = vi.fn();
  render(<MergeTagPicker onPick={onPick} />);
  expect(fetchMock).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Merge tags' }));
  expect(await screen.findByText('Client fields')).toBeInTheDocument();
  expect(screen.getByText('RSS fields')).toBeInTheDocument();
  expect(screen.queryByText('Nothing here')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Search merge tags')).toHaveFocus();
  // The fallback syntax the renderer reads, quoted or not.
  const syntax = screen.getByTestId('merge-tag-syntax');
  expect(syntax).toHaveTextContent('<% firstName || there %>');
  expect(syntax).toHaveTextContent('Quotes are optional: <% firstName || "there" %> sends there.');

  await userEvent.click(screen.getByRole('option', { name: 'First name <% firstName %>', hidden: true }));
  expect(onPick).toHaveBeenCalledWith('<% firstName %>');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Merge tags' })).toHaveAttribute('aria-expanded', 'false'));

  // A second opening reuses what was loaded.
  await userEvent.click(screen.getByRole('button', { name: 'Merge tags' }));
  expect(await screen.findByText('Client fields')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('the search keeps the matching tags of every group, case-insensitively; the keyboard picks one', async () => {
  mockFetch({ '/api/mm/mergeTags': () => jsonResponse(200, tags) });
  const onPick = vi.fn();
  render(<MergeTagPicker onPick={onPick} label="Insert merge tag" />);
  await userEvent.click(screen.getByRole('button', { name: 'Insert merge tag' }));
  await screen.findByText('Client fields');

  await userEvent.type(screen.getByLabelText('Search merge tags'), 'TITLE');
  expect(screen.getByRole('option', { name: 'Title <% RSS_title %>', hidden: true })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /First name/, hidden: true })).not.toBeInTheDocument();
  expect(screen.queryByText('Client fields')).not.toBeInTheDocument();

  await userEvent.keyboard('{ArrowDown}{Enter}');
  expect(onPick).toHaveBeenCalledWith('<% RSS_title %>');

  await userEvent.click(screen.getByRole('button', { name: 'Insert merge tag' }));
  await userEvent.type(screen.getByLabelText('Search merge tags'), 'zzz');
  expect(screen.getByText('No merge tags match this search.')).toBeInTheDocument();
});

test('a failed load says so with the server message and can be tried again', async () => {
  let fail = true;
  mockFetch({
    '/api/mm/mergeTags': () => (fail ? jsonResponse(500, { message: 'Something went wrong.' }) : jsonResponse(200, tags)),
  });
  render(<MergeTagPicker onPick={vi.fn()} />);
  await userEvent.click(screen.getByRole('button', { name: 'Merge tags' }));
  expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Something went wrong.');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again', hidden: true }));
  expect(await screen.findByText('Client fields')).toBeInTheDocument();
});
