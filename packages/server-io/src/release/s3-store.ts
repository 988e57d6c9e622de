import { DATASET_VERSION_PATTERN } from '@gamedata/core/runtime';
import { mapConcurrently } from '../map-concurrently.js';
import { EDGE_FOLDER } from './edge-paths.js';
import { lazyStream } from './lazy-stream.js';
import { s3Failure } from './s3-errors.js';
import { s3Url, type S3Location } from './s3-location.js';
import {
  CURRENT_FILE,
  RELEASE_FILES,
  USES_FILE,
  type CurrentPointer,
  type ReleaseStore,
} from './store.js';

const CONTENT_TYPES: Record<string, string> = {
  [CURRENT_FILE]: 'text/plain; charset=utf-8',
  [USES_FILE]: 'application/json',
  [RELEASE_FILES.manifest]: 'application/json',
  [RELEASE_FILES.diff]: 'application/json',
  [RELEASE_FILES.hashes]: 'application/json',
};

interface SdkFailure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}
/** Uploads under way at once: S3 takes thousands of requests a second per prefix, a publish's network far fewer. */
const UPLOADS_AT_ONCE = 16;

const statusOf = (error: unknown) => (error as SdkFailure | undefined)?.$metadata?.httpStatusCode;
/** GetObject's NoSuchKey, or HeadObject's bodiless 404. */
const isMissingKey = (error: unknown) => {
  const name = (error as SdkFailure | undefined)?.name;
  return name === 'NoSuchKey' || (name === 'NotFound' && statusOf(error) === 404);
};

/** An object's body in one buffer, each chunk given to `onChunk` as it arrives from the network (to hash it meanwhile). */
async function collectBody(
  body: AsyncIterable<Uint8Array>,
  onChunk: (chunk: Uint8Array) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    onChunk(chunk);
    chunks.push(chunk);
    received += chunk.length;
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Releases in an S3 bucket, under a prefix (README, "Releases in an S3 bucket"):
 *
 *     <prefix>/CURRENT                                     the current version and a newline
 *     <prefix>/<version>/manifest.json | dataset.snapshot | hashes.json | diff.json
 *
 * The files the edge serves are under `<prefix>/edge/` (`putEdgeObjects`); nothing there is read
 * as a release. A release exists once its manifest does: the other files are written first, the
 * manifest last, so a publish cut short leaves no release. `CURRENT` is replaced by one PutObject,
 * which S3 applies whole.
 *
 * The AWS SDK v3's S3 client is imported here, when a bucket is named, and configured as the SDK
 * configures itself: AWS_REGION, the credential chain, AWS_ENDPOINT_URL_S3 for an S3-compatible
 * server (an endpoint given as an IP address is addressed path-style, `http://host/bucket/key`).
 */
export async function s3Store(where: S3Location): Promise<ReleaseStore> {
  const sdk = await import('@aws-sdk/client-s3');
  // A bucket in another region than AWS_REGION answers with a redirect the client then follows.
  const s3 = new sdk.S3Client({ followRegionRedirects: true });
  const { bucket, prefix } = where;
  const location = s3Url(where);
  const base = prefix ? `${prefix}/` : '';
  const keyOf = (version: string, name: string) => `${base}${version}/${name}`;
  const send = async <T>(doing: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw s3Failure(error, location, bucket, doing);
    }
  };
  const exists = (key: string) =>
    s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key })).then(
      () => true,
      (error: unknown) => {
        if (isMissingKey(error)) return false;
        throw s3Failure(error, location, bucket, `read ${key}`);
      },
    );
  const putObject = (key: string, body: Uint8Array | string, ifNoneMatch?: string) =>
    s3.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType:
          CONTENT_TYPES[key.slice(key.lastIndexOf('/') + 1)] ?? 'application/octet-stream',
        IfNoneMatch: ifNoneMatch,
      }),
    );
  const put = (key: string, body: Uint8Array | string) =>
    send(`write ${key}`, () => putObject(key, body));

  /** CURRENT; `'unchanged'` when S3 answers If-None-Match with a 304: no body, the cheapest request there is. */
  async function readCurrentObject(
    since: string | undefined,
  ): Promise<CurrentPointer | 'unchanged'> {
    const key = `${base}${CURRENT_FILE}`;
    try {
      const answer = await s3.send(
        new sdk.GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: since }),
      );
      return { text: await answer.Body?.transformToString('utf-8'), tag: answer.ETag };
    } catch (error) {
      if (statusOf(error) === 304) return 'unchanged';
      if (isMissingKey(error)) return { text: undefined, tag: undefined };
      throw s3Failure(error, location, bucket, `read ${key}`);
    }
  }

  return {
    location,
    releaseLocation: (version) => `${location}/${version}`,
    async listVersions() {
      const manifest = new RegExp(
        `^(\\d{4}-\\d{2}-\\d{2}\\.\\d+)/${RELEASE_FILES.manifest.replace('.', '\\.')}$`,
      );
      const versions: string[] = [];
      let token: string | undefined;
      do {
        const page = await send(`list ${base || 'the bucket'}`, () =>
          s3.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: base,
              ContinuationToken: token,
            }),
          ),
        );
        const names = (page.Contents ?? []).map((object) => (object.Key ?? '').slice(base.length));
        for (const name of names) {
          const version = manifest.exec(name)?.[1];
          if (version !== undefined && DATASET_VERSION_PATTERN.test(version))
            versions.push(version);
        }
        // Keys come in byte order and every version starts with a digit: past the digits (CURRENT,
        // edge/) no release follows, and the pages after are not asked for.
        const last = names.at(-1) ?? '';
        token = page.IsTruncated && last.charAt(0) <= '9' ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return versions;
    },
    // With no tag to match, S3 never answers 304.
    readCurrent: () => readCurrentObject(undefined) as Promise<CurrentPointer>,
    readCurrentIfChanged: readCurrentObject,
    async readFile(version, name, onChunk) {
      const key = keyOf(version, name);
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return undefined;
        if (!onChunk) return (await answer.Body.transformToByteArray()) as Uint8Array<ArrayBuffer>;
        return await collectBody(answer.Body as AsyncIterable<Uint8Array>, onChunk);
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw s3Failure(error, location, bucket, `read ${key}`);
      }
    },
    readRange: (version, name, start, end) =>
      lazyStream(async () => {
        const key = keyOf(version, name);
        try {
          const answer = await s3.send(
            new sdk.GetObjectCommand({
              Bucket: bucket,
              Key: key,
              Range: `bytes=${start}-${end - 1}`,
            }),
          );
          if (!answer.Body) throw new Error(`${key} has no body`);
          return answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
        } catch (error) {
          throw s3Failure(error, location, bucket, `read ${key}`);
        }
      }),
    async writeRelease(version, files) {
      const manifestKey = keyOf(version, RELEASE_FILES.manifest);
      if (await exists(manifestKey))
        throw new Error(`release ${version} exists already in ${location}`);
      const { [RELEASE_FILES.manifest]: manifest, ...others } = files;
      if (manifest === undefined)
        throw new Error(`release ${version} has no ${RELEASE_FILES.manifest} to write`);
      for (const [name, bytes] of Object.entries(others)) await put(keyOf(version, name), bytes);
      // If-None-Match: * makes S3 refuse the manifest (412) when another publish wrote this version meanwhile.
      try {
        await putObject(manifestKey, manifest, '*');
      } catch (error) {
        if (statusOf(error) === 412)
          throw new Error(`release ${version} exists already in ${location}`);
        throw s3Failure(error, location, bucket, `write ${manifestKey}`);
      }
    },
    async replaceFiles(version, files) {
      const { [RELEASE_FILES.manifest]: manifest, ...others } = files;
      for (const [name, bytes] of Object.entries(others)) await put(keyOf(version, name), bytes);
      if (manifest) await put(keyOf(version, RELEASE_FILES.manifest), manifest);
    },
    async writeCurrent(text) {
      await put(`${base}${CURRENT_FILE}`, text);
    },
    async readUses() {
      const key = `${base}${USES_FILE}`;
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return await answer.Body?.transformToString('utf-8');
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw s3Failure(error, location, bucket, `read ${key}`);
      }
    },
    async writeUses(text) {
      await put(`${base}${USES_FILE}`, text);
    },
    async putEdgeObjects(objects, replace) {
      const there = new Set<string>();
      let token: string | undefined;
      do {
        const page = await send(`list ${base}${EDGE_FOLDER}/`, () =>
          s3.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: `${base}${EDGE_FOLDER}/`,
              ContinuationToken: token,
            }),
          ),
        );
        for (const object of page.Contents ?? []) there.add((object.Key ?? '').slice(base.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      // Every key names what it holds (a release's version, a sprite id), so one that is there is
      // current, but for the sprites a forced publish gave new bytes.
      const missing = objects.filter((object) => replace.has(object.key) || !there.has(object.key));
      await mapConcurrently(missing, UPLOADS_AT_ONCE, (object) =>
        send(`write ${base}${object.key}`, () =>
          s3.send(
            new sdk.PutObjectCommand({
              Bucket: bucket,
              Key: `${base}${object.key}`,
              Body: object.body,
              ContentType: object.contentType,
              ContentEncoding: object.contentEncoding,
              ContentLanguage: object.contentLanguage,
              CacheControl: object.cacheControl,
              ChecksumSHA256: object.checksumSha256,
              Metadata: { etag: object.etag },
            }),
          ),
        ),
      );
      return { written: missing.length, kept: objects.length - missing.length };
    },
  };
}
