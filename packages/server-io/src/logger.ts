// Both adapters log the same JSON lines: on Node to the terminal or a log collector, on Lambda to
// CloudWatch Logs, which takes stdout and stderr as they are.

/**
 * Writes one JSON line to stdout: an adapter's ready line and its access log.
 *
 * @example logLine({ msg: 'ready', url: 'http://127.0.0.1:3000' })
 */
export function logLine(entry: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

/**
 * Writes one JSON line to stderr for failures, with the error's message and stack.
 *
 * @example logError('key reload failed; keeping the previous keys', error)
 */
export function logError(message: string, error: unknown): void {
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message, ...detail })}\n`);
}
