// Which surviving mutants a package has accepted as equivalent, and which survivors are new. A
// baseline entry names a mutant by its file, mutator, original code and replacement, never by line,
// so an edit elsewhere in the file does not turn an accepted survivor into a new one.

/** Statuses of a mutant that no test noticed (Stryker's "undetected"). */
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Code with every run of whitespace made one space, so that reformatting does not matter. */
function normalise(code) {
  return code.replace(/\s+/g, ' ').trim();
}

/**
 * The text between two positions of a Stryker report (lines and columns from 1).
 *
 * @example snippetOf('a\nb > c', { start: { line: 2, column: 3 }, end: { line: 2, column: 4 } }) // '>'
 */
export function snippetOf(source, { start, end }) {
  const lines = source.split('\n');
  const offset = ({ line, column }) =>
    lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
  return source.slice(offset(start), offset(end));
}

/**
 * The undetected mutants of a Stryker JSON report (mutation-testing-report-schema), each as a
 * baseline entry would name it, with its line for people to find it.
 *
 * @example survivorsOf(report, 'packages/core') // [{ file: 'src/cursor.ts', mutator: 'EqualityOperator', … }]
 */
export function survivorsOf(report, packageDir) {
  return Object.entries(report.files).flatMap(([path, { source, mutants }]) => {
    const file = relativeTo(path, packageDir);
    return mutants
      .filter((mutant) => UNDETECTED.has(mutant.status))
      .map((mutant) => ({
        file,
        line: mutant.location.start.line,
        status: mutant.status,
        mutator: mutant.mutatorName,
        original: normalise(snippetOf(source, mutant.location)),
        replacement: normalise(mutant.replacement ?? ''),
      }));
  });
}

function relativeTo(path, packageDir) {
  const normal = path.replaceAll('\\', '/');
  const prefix = `${packageDir.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  return normal.startsWith(prefix) ? normal.slice(prefix.length) : normal;
}

function matches(entry, survivor) {
  return (
    entry.file === survivor.file &&
    entry.mutator === survivor.mutator &&
    normalise(entry.original) === survivor.original &&
    normalise(entry.replacement) === survivor.replacement
  );
}

/**
 * Survivors against a baseline: those no entry accepts (the run fails on them), and the entries of
 * the files that ran that matched no survivor (a test now kills them, so they can go).
 *
 * @example compareWithBaseline(survivors, baseline.equivalent, ['src/cursor.ts']) // { unexpected: [], stale: [] }
 */
export function compareWithBaseline(survivors, entries, filesRun) {
  const unexpected = survivors.filter((survivor) => !entries.some((e) => matches(e, survivor)));
  const ran = new Set(filesRun);
  const stale = entries.filter(
    (entry) => ran.has(entry.file) && !survivors.some((survivor) => matches(entry, survivor)),
  );
  return { unexpected, stale };
}
