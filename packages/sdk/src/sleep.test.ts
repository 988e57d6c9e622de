import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('resolves after the given time, not before', async () => {
  let done = false;
  const waiting = sleep(1_000).then(() => (done = true));
  await vi.advanceTimersByTimeAsync(999);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await waiting;
  expect(done).toBe(true);
});

it('rejects with the reason as soon as the signal aborts, and clears its timer', async () => {
  const controller = new AbortController();
  const waiting = sleep(60_000, controller.signal);
  controller.abort(new Error('stop'));
  await expect(waiting).rejects.toThrow('stop');
  expect(vi.getTimerCount()).toBe(0);
});

it('rejects at once when the signal has already aborted', async () => {
  await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  expect(vi.getTimerCount()).toBe(0);
});
