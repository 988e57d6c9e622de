/** Where a long command says how far it is: a terminal, or a file or pipe. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * The steps of a long command, as they happen: on a terminal each replaces the one before on one
 * line, and `done` leaves the last; elsewhere (a pipe, a CI log) each is a line of its own.
 *
 * @example const progress = createProgress(process.stderr); progress.step('2026-11-20.1 (1/3)'); progress.done();
 */
export function createProgress(output: ProgressOutput): { step(text: string): void; done(): void } {
  let shown = false;
  return {
    step(text) {
      if (output.isTTY) {
        output.write(`\r\x1b[K${text}`);
        shown = true;
      } else output.write(`${text}\n`);
    },
    done() {
      if (shown) output.write('\n');
      shown = false;
    },
  };
}
