/** Thrown when a dataset or a release fails validation; the message lists every problem, one per line. */
export class InvalidDatasetError extends Error {
  constructor(dir: string, details: string) {
    super(`Dataset at ${dir} is invalid:\n${details}`);
    this.name = 'InvalidDatasetError';
  }
}
