/**
 * pino's `isoTime` timestamp (`,"time":"<ISO 8601>"`), formatted once per millisecond rather than once
 * per line: a busy server writes several lines in each, and formatting a date is a good part of what
 * a line costs.
 *
 * @example pino({ timestamp: isoTimeOncePerMillisecond() })
 */
export function isoTimeOncePerMillisecond(): () => string {
  let formattedAt = Number.NaN;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}
