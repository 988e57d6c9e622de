/** Writes one JSON line to stdout: the adapter's ready line and its access log. */
export function logLine(entry: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

/** Writes one JSON line to stderr for failures, with the error's message and stack. */
export function logError(message: string, error: unknown): void {
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message, ...detail })}\n`);
}
