// `@gamedata/sdk/node`: what only Node can do with the API — save a release's files to disk.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readBaseUrl } from './base-url.js';
import { createClient } from './client.js';
import type { ClientOptions, RequestOptions } from './client-options.js';
import { createResponseError, InvalidResponseError, NotFoundError } from './errors.js';
import type { SqliteFile } from './generated/records.js';

/**
 * Saves the current release's SQLite file at `to`: streamed to disk (compressed on the wire, as fetch
 * decodes it) beside `to`, its SHA-256 checked against the one `/v1/bulk` lists, then moved into
 * place — `to` is the whole file or untouched. Resolves with what `/v1/bulk` says of the file;
 * rejects with `NotFoundError` when the release has none, and `InvalidResponseError` when the bytes
 * are not the file listed (nothing is written).
 *
 * @example
 * import { downloadSqlite } from '@gamedata/sdk/node';
 * const file = await downloadSqlite({ baseUrl: 'http://127.0.0.1:3000' }, 'gamedata.sqlite');
 * console.log(`${file.file}: ${file.bytes} bytes, layout ${file.schema}`);
 */
export async function downloadSqlite(
  options: ClientOptions,
  to: string,
  request: RequestOptions = {},
): Promise<SqliteFile> {
  const file = await createClient(options).bulk.sqlite(request);
  const baseUrl = readBaseUrl(options.baseUrl);
  if (!file)
    throw new NotFoundError(`${baseUrl}: the current release has no SQLite file`, {
      status: 404,
      code: 'not_found',
    });
  const headers = new Headers(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {});
  const response = await (options.fetch ?? fetch)(
    new Request(`${baseUrl}${file.url}`, { headers, signal: request.signal ?? null }),
  );
  if (!response.ok || !response.body)
    throw createResponseError(response, response.body ? await response.text() : '');
  const hash = createHash('sha256');
  const partial = `${to}.part`;
  try {
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(partial),
    );
    const sha256 = hash.digest('hex');
    if (sha256 !== file.sha256)
      throw new InvalidResponseError(
        `${baseUrl}${file.url}: the bytes received have SHA-256 ${sha256}, not the ${file.sha256} /v1/bulk lists; nothing was written`,
        {
          status: response.status,
          code: 'invalid_response',
          datasetVersion: response.headers.get('x-dataset-version') ?? undefined,
          requestId: response.headers.get('x-request-id') ?? undefined,
        },
      );
    await rename(partial, to);
    return file;
  } finally {
    await rm(partial, { force: true });
  }
}
