import { onTestFinished } from 'vitest';

/**
 * A fixture built by the first read in a test and dropped when that test ends. Each test that reads
 * it builds its own, so what building it runs counts as reached by that test: mutation testing runs
 * only the tests that reach a mutant, and treats what runs while a file is collected or in
 * `beforeAll` as reached by all (CONTRIBUTING.md, "Mutation testing"). Reading it outside a test
 * throws.
 *
 * @example const dataset = perTest(fixtureDataset); it('…', () => expect(dataset().lists).toBeDefined());
 */
export function perTest<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    if (built === undefined) {
      built = { value: build() };
      onTestFinished(() => {
        built = undefined;
      });
    }
    return built.value;
  };
}

/**
 * A fixture built by the first test that reads it and kept for the rest of its file: for one too
 * costly to build in each test, such as an app over a published release. Unlike one built while the
 * file is collected or in `beforeAll`, what building it runs counts as reached by that first test,
 * not by every test (CONTRIBUTING.md, "Mutation testing").
 *
 * @example const app = perFile(() => createApp({ dataset: demo })); it('…', () => app().fetch(…));
 */
export function perFile<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
