import { describe, expect, it } from 'vitest';
import { lazyStream } from './lazy-stream.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('lazyStream', () => {
  it('opens nothing until it is read, then gives what was opened', async () => {
    let opened = 0;
    const stream = lazyStream(() => {
      opened++;
      return new Blob([bytes('abc')]).stream();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toBe(0);
    expect(await new Response(stream).text()).toBe('abc');
    expect(opened).toBe(1);
  });

  it('passes a cancel on to what was opened', async () => {
    let cancelled: unknown;
    const stream = lazyStream(
      () =>
        new ReadableStream<Uint8Array>({
          pull: (controller) => controller.enqueue(bytes('x')),
          cancel: (reason) => {
            cancelled = reason;
          },
        }),
    );
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel('gone');
    expect(cancelled).toBe('gone');
  });
});
