import { notifications } from '@mantine/notifications';
import { toast, toastOptions } from './toast';

test('titles default to the capitalised type name', () => {
  expect(toastOptions('error', 'x').title).toBe('Error');
  expect(toastOptions('info', 'x').title).toBe('Info');
  expect(toastOptions('success', 'x').title).toBe('Success');
  expect(toastOptions('warning', 'x').title).toBe('Warning');
  expect(toastOptions('info', 'x', 'Saved').title).toBe('Saved');
});

test('error toasts stay 6 s, the others 3 s', () => {
  expect(toastOptions('error', 'x').autoClose).toBe(6000);
  expect(toastOptions('info', 'x').autoClose).toBe(3000);
  expect(toastOptions('success', 'x').autoClose).toBe(3000);
  expect(toastOptions('warning', 'x').autoClose).toBe(3000);
});

test('toast shows a Mantine notification', () => {
  const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
  toast('success', 'Enabled for users successfully.');
  expect(show).toHaveBeenCalledWith(
    expect.objectContaining({ title: 'Success', message: 'Enabled for users successfully.', autoClose: 3000 }),
  );
  show.mockRestore();
});
