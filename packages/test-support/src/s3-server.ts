import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { CreateBucketCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** A real S3-compatible server (s3rver) on a free loopback port, in a process of its own. */
export interface S3Server {
  /** `http://127.0.0.1:<port>`: what AWS_ENDPOINT_URL_S3 names. */
  endpoint: string;
  /**
   * The environment that points the AWS SDK v3 at it, as an operator's would: the endpoint, a region
   * and s3rver's fixed credentials (it checks every request's signature against them).
   */
  env: Record<string, string>;
  /** The same settings as an S3Client's configuration, for a test's own client. */
  clientConfig: S3ClientConfig;
  /** Makes an empty bucket. */
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  's3rver is not installed: run `pnpm install` at the repository root (it is a dependency of @gamedata/test-support)';
const LISTENING = /S3rver listening on [^:]+:(\d+)/;

function s3rverBin(): string {
  try {
    return createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  } catch {
    throw new Error(INSTALL_HINT);
  }
}

/** Waits for s3rver's "listening" line and gives its port; fails with its output if it exits first. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = LISTENING.exec(output)?.[1];
      if (port !== undefined) resolve(Number(port));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`s3rver exited with ${code} before it listened:\n${output}`)),
    );
    child.once('error', reject);
  });
}

/**
 * Starts s3rver (its files in a temporary directory) on a free loopback port. It runs as a child
 * process, so a test may block on a CLI it spawns while the server goes on answering.
 *
 * Where s3rver is not S3: it refuses an unknown access key id (InvalidAccessKeyId) but not a wrong
 * secret, and it ignores `If-None-Match: *` on PutObject (S3's conditional write), so a test of a
 * refused overwrite exercises the check made before writing; it does answer a conditional GetObject
 * with 304, as S3 does.
 *
 * @example const s3 = await startS3Server(); await s3.createBucket('games-data'); spawn(cli, { env: { ...process.env, ...s3.env } })
 */
export async function startS3Server(): Promise<S3Server> {
  const bin = s3rverBin();
  const directory = await makeTempDir('s3rver');
  const child = spawn(
    process.execPath,
    [bin, '--directory', directory, '--address', '127.0.0.1', '--port', '0', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await listeningPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // The SDK warns once per process that its releases from 2027 need Node 22; tests read stderr.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const clientConfig = {
    endpoint,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  };
  const client = new S3Client(clientConfig);
  return {
    endpoint,
    env,
    clientConfig,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async stop() {
      client.destroy();
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    },
  };
}
