import { ReleaseStoreError } from '@gamedata/server-io/release-store';
import type { ServerConfig } from './config.js';

/** What each setting names, and how to fix each way of failing to read it. */
const READ_SETTINGS = [
  { what: 'the key file', variable: 'GAMEDATA_KEYS_FILE', kind: 'file' },
  { what: 'the releases directory', variable: 'GAMEDATA_RELEASES_DIR', kind: 'directory' },
] as const;

const READ_FIXES: Record<string, (variable: string, kind: string) => string> = {
  EACCES: (variable, kind) => `make it readable by this user or set ${variable} to another ${kind}`,
  EPERM: (variable, kind) => `make it readable by this user or set ${variable} to another ${kind}`,
  ENOENT: (variable) => `set ${variable} to an existing one`,
  EISDIR: (variable) => `set ${variable} to a file`,
  ENOTDIR: (variable) => `set ${variable} to a directory`,
};

function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/**
 * The line an operator reads when the server cannot start for a reason they can fix — the port is
 * taken, a configured file or bucket cannot be read — saying what and which setting to change; undefined for
 * any other error, whose stack is what helps then.
 *
 * @example describeStartupFailure(listenError, config) // 'port 3000 is in use (EADDRINUSE); set PORT to another port'
 */
export function describeStartupFailure(error: unknown, config: ServerConfig): string | undefined {
  // A bucket that is missing, denied or out of reach: the store's line names the bucket and S3's code.
  if (error instanceof ReleaseStoreError) return error.message;
  if (!isSystemError(error)) return undefined;
  const { code } = error;
  if (error.syscall === 'listen') {
    // The public server listens first: a failure once it listens is the metrics endpoint's.
    const metrics =
      config.metrics !== undefined &&
      (error as { port?: number }).port === config.metrics.port &&
      config.metrics.port !== config.port;
    const { port, host } = metrics && config.metrics ? config.metrics : config;
    const [portVariable, hostVariable] = metrics
      ? ['GAMEDATA_METRICS_PORT', 'GAMEDATA_METRICS_HOST']
      : ['PORT', 'HOST'];
    if (code === 'EADDRINUSE')
      return `port ${port} is in use (EADDRINUSE); set ${portVariable} to another port`;
    if (code === 'EACCES')
      return `not allowed to listen on port ${port} (EACCES); set ${portVariable} to 1024 or above`;
    if (code === 'EADDRNOTAVAIL')
      return `${host} is not an address of this machine (EADDRNOTAVAIL); set ${hostVariable} to one that is, such as 127.0.0.1`;
    return undefined;
  }
  const fix = READ_FIXES[code];
  const path = error.path;
  if (fix === undefined || path === undefined) return undefined;
  const setting =
    path === config.keysFile
      ? READ_SETTINGS[0]
      : path.startsWith(config.releasesDir)
        ? READ_SETTINGS[1]
        : undefined;
  if (setting === undefined) return undefined;
  return `cannot read ${setting.what} ${path} (${code}); ${fix(setting.variable, setting.kind)}`;
}
