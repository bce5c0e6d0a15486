import { Autosaver, type SaveStatus } from './autosave';

function setup(canSave = () => true) {
  const statuses: SaveStatus['state'][] = [];
  let release: () => void = () => undefined;
  let fail = false;
  const save = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        release = () => (fail ? reject(new Error('Template name already exists')) : resolve());
      }),
  );
  const saver = new Autosaver({ save, onStatus: (status) => statuses.push(status.state), delayMs: 3000, canSave });
  return { saver, save, statuses, release: () => release(), failNext: () => (fail = true) };
}

test('a save runs 3 s after the last change, not before; the status goes dirty, saving, saved', async () => {
  vi.useFakeTimers();
  const { saver, save, statuses, release } = setup();
  saver.change();
  await vi.advanceTimersByTimeAsync(2000);
  saver.change();
  await vi.advanceTimersByTimeAsync(2999);
  expect(save).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(save).toHaveBeenCalledTimes(1);
  release();
  await vi.advanceTimersByTimeAsync(0);
  expect(statuses).toEqual(['dirty', 'dirty', 'saving', 'saved']);
  expect(saver.pending).toBe(false);
});

test('a change during a save is saved by the next one; flush saves at once', async () => {
  vi.useFakeTimers();
  const { saver, save, statuses, release } = setup();
  saver.change();
  const first = saver.flush();
  expect(save).toHaveBeenCalledTimes(1);
  saver.change();
  release();
  expect(await first).toBe(true);
  expect(statuses.at(-1)).toBe('dirty');
  const second = saver.flush();
  expect(save).toHaveBeenCalledTimes(2);
  release();
  expect(await second).toBe(true);
  expect(statuses.at(-1)).toBe('saved');
  expect(await saver.flush()).toBe(true);
  expect(save).toHaveBeenCalledTimes(2);
});

test('no autosave while the user is typing in a text block; a failed save says why and keeps the changes', async () => {
  vi.useFakeTimers();
  let typing = true;
  const { saver, save, statuses, release, failNext } = setup(() => !typing);
  saver.change();
  await vi.advanceTimersByTimeAsync(9000);
  expect(save).not.toHaveBeenCalled();
  typing = false;
  await vi.advanceTimersByTimeAsync(3000);
  expect(save).toHaveBeenCalledTimes(1);
  failNext();
  release();
  await vi.advanceTimersByTimeAsync(0);
  expect(statuses.at(-1)).toBe('failed');
  expect(saver.pending).toBe(true);
});
