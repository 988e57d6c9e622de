import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoTimeOncePerMillisecond } from './iso-time.js';

describe('isoTimeOncePerMillisecond', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the pino time field of the current millisecond, as the clock moves', () => {
    vi.useFakeTimers();
    const time = isoTimeOncePerMillisecond();
    vi.setSystemTime(Date.UTC(2026, 10, 22, 19, 30, 0, 5));
    expect(time()).toBe(',"time":"2026-11-22T19:30:00.005Z"');
    expect(time()).toBe(',"time":"2026-11-22T19:30:00.005Z"');
    vi.setSystemTime(Date.UTC(2026, 10, 22, 19, 30, 0, 6));
    expect(time()).toBe(',"time":"2026-11-22T19:30:00.006Z"');
    vi.setSystemTime(Date.UTC(2027, 0, 1));
    expect(time()).toBe(',"time":"2027-01-01T00:00:00.000Z"');
  });

  it('parses back as JSON with the rest of a line', () => {
    const line = JSON.parse(`{"level":"info"${isoTimeOncePerMillisecond()()}}`) as { time: string };
    expect(Math.abs(Date.parse(line.time) - Date.now())).toBeLessThan(5_000);
  });
});
