import { InvalidDatasetError } from '@gamedata/server-io/release-store';
import { createLineLogger } from '@gamedata/server-io/logger';
import { readConfig, type ServerConfig } from './config.js';
import { startServer } from './server.js';
import { describeStartupFailure } from './startup-failure.js';

const logger = createLineLogger({ sync: false });
// Lines still queued when the process exits are written out first.
process.on('exit', () => logger.flush());

/** Stops the process with one line an operator can act on, rather than a stack. */
function exitWith(line: string): never {
  process.stderr.write(`gamedata: ${line}\n`);
  process.exit(1);
}

/** The configuration; a value it cannot parse stops the process, naming the variable and the value. */
function readConfigOrExit(): ServerConfig {
  try {
    return readConfig(process.env);
  } catch (error) {
    return exitWith(error instanceof Error ? error.message : String(error));
  }
}

async function main(config: ServerConfig): Promise<void> {
  const running = await startServer(config, { logger });
  logger.line({
    msg: 'ready',
    url: running.url,
    ...(running.metricsUrl ? { metrics: `${running.metricsUrl}/metrics` } : {}),
    dataset: running.datasetVersion,
    releases: config.releasesDir,
    rateLimits: config.redisUrl ? 'redis' : 'memory',
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.line({ msg: 'shutting down', signal });
    running.close().then(
      () => {
        logger.line({ msg: 'stopped' });
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // SIGHUP re-reads the key file and the current release: after `pnpm keys` or `pnpm publish-dataset`,
  // `kill -HUP <pid>`. Either one failing keeps what was served before.
  process.on('SIGHUP', () => {
    running.reloadKeys().then(
      (active) => logger.line({ msg: 'keys reloaded', activeKeys: active }),
      (error: unknown) => logger.error('key reload failed; keeping the previous keys', error),
    );
    const before = running.datasetVersion;
    running.reloadRelease().then(
      (version) =>
        logger.line({
          msg: version === before ? 'release unchanged' : 'release switched',
          dataset: version,
          previous: before,
        }),
      (error: unknown) => logger.error('release reload failed; keeping the release served', error),
    );
  });
}

const config = readConfigOrExit();
main(config).catch((error: unknown) => {
  if (error instanceof InvalidDatasetError) process.stderr.write(`${error.message}\n`);
  else {
    const line = describeStartupFailure(error, config);
    if (line !== undefined) exitWith(line);
    logger.error('failed to start', error);
  }
  process.exit(1);
});
