import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWithin, type Settled } from './settle-within.js';

const failure = new Error('refused');
const answerAfter = (ms: number, value: number) =>
  new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, error: Error) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(error), ms));

describe('settleWithin (100 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, () => unknown, Settled<unknown>]>([
    ['a value at once', () => 7, { settled: 'answered', value: 7 }],
    ['a value within the time', () => answerAfter(90, 7), { settled: 'answered', value: 7 }],
    ['a rejection', () => Promise.reject(failure), { settled: 'failed', error: failure }],
    [
      'a throw',
      () => {
        throw failure;
      },
      { settled: 'failed', error: failure },
    ],
    ['nothing in time', () => answerAfter(150, 7), { settled: 'timed-out' }],
    ['a rejection too late', () => failAfter(150, failure), { settled: 'timed-out' }],
  ])('%s', async (_, call, expected) => {
    const outcome = settleWithin(call, 100);
    await vi.advanceTimersByTimeAsync(200);
    expect(await outcome).toEqual(expected);
  });

  it('takes an answer that is ready when the timer is due, even when the timer runs first', async () => {
    // A stalled process finds both ready; here the answer's timer is due with ours but queued behind it.
    const outcome = settleWithin(() => Promise.resolve().then(() => answerAfter(100, 7)), 100);
    await vi.advanceTimersByTimeAsync(200);
    expect(await outcome).toEqual({ settled: 'answered', value: 7 });
  });
});
