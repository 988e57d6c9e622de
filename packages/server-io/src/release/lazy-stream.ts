/**
 * A stream of what `open` gives, opened when it is first read (a high-water mark of 0: nothing is
 * pulled ahead): a file or object is not opened for an answer that is never sent (a HEAD's, or one
 * a client left before), and a cancel reaches it, even one that comes while it is being opened.
 */
export function lazyStream(
  open: () => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>,
): ReadableStream<Uint8Array> {
  let opening: Promise<ReadableStreamDefaultReader<Uint8Array>> | undefined;
  const reader = () => (opening ??= Promise.resolve(open()).then((stream) => stream.getReader()));
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await (await reader()).read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: async (reason) => (await opening)?.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
