import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LeaveGuard } from '../components/LeaveGuard';
import { render } from '../test-utils/render';

function Editor() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <LeaveGuard isDirty={() => dirty} />
      <Button onClick={() => setDirty(true)}>Edit</Button>
      <Link to="/segmentList">Segments</Link>
      <Button onClick={() => navigate('/sessionout', { replace: true })}>Redirect</Button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

test('a clean screen leaves at once', async () => {
  const user = userEvent.setup();
  render(<Editor />, { route: '/createcampaign?id=5' });
  await user.click(screen.getByRole('link', { name: 'Segments' }));
  expect(location()).toBe('/segmentList');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a dirty screen asks first: Stay keeps it, Leave goes', async () => {
  const user = userEvent.setup();
  render(<Editor />, { route: '/createcampaign?id=5' });
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  await user.click(screen.getByRole('link', { name: 'Segments' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
  expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page? Your changes will be lost.');
  await user.click(screen.getByTestId('leave-stay'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(location()).toBe('/createcampaign?id=5');
  await user.click(screen.getByRole('link', { name: 'Segments' }));
  await user.click(await screen.findByTestId('leave-go'));
  await waitFor(() => expect(location()).toBe('/segmentList'));
});

test("the app's own redirects pass, and a reload is asked about only while dirty", async () => {
  const user = userEvent.setup();
  render(<Editor />, { route: '/createcampaign?id=5' });
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(unload()).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  expect(unload()).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Redirect' }));
  expect(location()).toBe('/sessionout');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
