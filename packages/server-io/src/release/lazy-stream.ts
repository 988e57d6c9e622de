/**
 * A stream of what `open` gives, opened when it is first read: a file or object is not opened for an
 * answer that is never sent (a HEAD's, or one a client left before), and a cancel reaches it.
 */
export function lazyStream(
  open: () => ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>,
): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= (await open()).getReader();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
}
