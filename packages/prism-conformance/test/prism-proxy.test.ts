import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { languagesOf, type DocumentLanguages } from '@gamedata/test-support/document-languages';
import { rollbackTable, writeRolledBackReleases } from '@gamedata/test-support/history-table';
import { HTTP_TABLE, type HttpCase } from '@gamedata/test-support/http-table';
import { sendOverHttp, type Outgoing, type Send } from '@gamedata/test-support/send';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { startPrismProxy, type PrismProxy } from '../src/prism-proxy.js';
import { disagreements, violationsOf } from '../src/violations.js';

const NODE_MAIN = createRequire(import.meta.url).resolve('@gamedata/node/main');

let server: ServerProcess;
let prism: PrismProxy;
let throughPrism: Send;

beforeAll(async () => {
  const { path } = await writeTestKeyFile();
  server = await spawnServer(NODE_MAIN, { GAMEDATA_KEYS_FILE: path });
  prism = await proxyFor(server.url);
  throughPrism = sendOverHttp(prism.url);
});

afterAll(async () => {
  await prism?.stop();
  server?.child.kill('SIGTERM');
  await server?.exited;
});

/** Sends through Prism and returns its findings that are disagreements, each as `METHOD path: severity at location: message`. */
async function exchange(
  through: Send,
  request: Outgoing,
  expectedStatus: number,
): Promise<{ etag: string | null; findings: string[] }> {
  const reply = await through(request);
  const said = `${request.method ?? 'GET'} ${request.path}`;
  expect(reply.status, `${said} answered ${reply.status}: ${reply.text.slice(0, 300)}`).toBe(
    expectedStatus,
  );
  const findings = disagreements(violationsOf(reply), reply.status).map(
    (v) => `${said}: ${v.severity} at ${v.location.join('.')}: ${v.message}`,
  );
  return { etag: reply.headers.get('etag'), findings };
}

/** Sends a case of a table through Prism (twice when it revalidates) and fails on any disagreement. */
async function expectAgreement(through: Send, testCase: HttpCase): Promise<void> {
  const headers: Record<string, string> = {
    ...(testCase.anonymous ? {} : { authorization: `Bearer ${TEST_KEY}` }),
    ...testCase.request.headers,
  };
  let request: Outgoing = { ...testCase.request, headers };
  const findings: string[] = [];
  if (testCase.revalidate) {
    const first = await exchange(through, request, 200);
    findings.push(...first.findings);
    request = { ...request, headers: { ...headers, 'if-none-match': first.etag as string } };
  }
  findings.push(...(await exchange(through, request, testCase.status)).findings);
  expect(findings).toEqual([]);
}

/** Starts Prism over the document `url` serves, proxying to it. */
async function proxyFor(url: string): Promise<PrismProxy> {
  // The document users download, fetched from the server under test and handed to Prism as a file.
  const document = await sendOverHttp(url)({
    path: '/v1/openapi.json',
    headers: { authorization: `Bearer ${TEST_KEY}` },
  });
  expect(document.status).toBe(200);
  const documentPath = join(await makeTempDir('openapi'), 'openapi.json');
  await writeFile(documentPath, document.bytes);
  return startPrismProxy(documentPath, url);
}

describe("the HTTP table through Prism's validating proxy", () => {
  it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase: HttpCase) => {
    await expectAgreement(throughPrism, testCase);
  });
});

// Every endpoint that takes `lang`, as the served document lists them, in every language it lists; chosen
// by Accept-Language instead; revalidated in a language; and the 400s of a language the dataset lacks.
describe("the languages through Prism's validating proxy", () => {
  let languages: DocumentLanguages;
  beforeAll(async () => {
    const document = await sendOverHttp(server.url)({
      path: '/v1/openapi.json',
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    languages = languagesOf(document.json<Parameters<typeof languagesOf>[0]>());
  });
  const query = (path: string, parameters: string) =>
    `${path}${path.includes('?') ? '&' : '?'}${parameters}`;
  const each = async (cases: (path: string) => HttpCase[]) => {
    for (const { example } of languages.paths)
      for (const testCase of cases(example)) await expectAgreement(throughPrism, testCase);
  };

  it('reads the languages and the endpoints that take lang from the document', () => {
    expect(languages.tags.length).toBeGreaterThan(1);
    expect(languages.paths.map(({ template }) => template)).toEqual(
      expect.arrayContaining(['/v1/items', '/v1/items/{id}', '/v1/stats']),
    );
  });

  it('agrees on every endpoint that takes lang, in every language, a tag in another case, and HEAD', async () => {
    const [, other = 'en'] = languages.tags;
    await each((path) => [
      ...languages.tags.map((tag) => ({
        name: tag,
        request: { path: query(path, `lang=${tag}`) },
        status: 200,
      })),
      {
        name: 'upper case',
        request: { path: query(path, `lang=${other.toUpperCase()}`) },
        status: 200,
      },
      {
        name: 'HEAD',
        request: { method: 'HEAD', path: query(path, `lang=${other}`) },
        status: 200,
      },
    ]);
  });

  it('agrees on every endpoint that takes lang when Accept-Language chooses', async () => {
    const [, other = 'en'] = languages.tags;
    await each((path) => [
      {
        name: 'a more specific tag, and q-values',
        request: { path, headers: { 'accept-language': `${other}-CH, ${other};q=0.9, en;q=0.5` } },
        status: 200,
      },
      {
        name: 'a wildcard, and q=0',
        request: { path, headers: { 'accept-language': `${other};q=0, *;q=0.1` } },
        status: 200,
      },
      {
        name: 'no language of the dataset',
        request: { path, headers: { 'accept-language': 'ja, zh;q=0.8' } },
        status: 200,
      },
    ]);
  });

  it('agrees on a 304 in a language, chosen by lang or by Accept-Language, and on /v1/languages and its 304', async () => {
    const [, other = 'en'] = languages.tags;
    await each((path) => [
      {
        name: 'lang',
        request: { path: query(path, `lang=${other}`) },
        revalidate: true,
        status: 304,
      },
      {
        name: 'Accept-Language',
        request: { path, headers: { 'accept-language': other } },
        revalidate: true,
        status: 304,
      },
    ]);
    await expectAgreement(throughPrism, {
      name: 'languages',
      request: { path: '/v1/languages' },
      status: 200,
    });
    await expectAgreement(throughPrism, {
      name: 'languages, revalidated',
      request: { path: '/v1/languages', headers: { 'accept-language': other } },
      revalidate: true,
      status: 304,
    });
  });

  it('agrees on the 400 of a language the dataset lacks, a more specific tag, and lang given twice', async () => {
    const [first = 'en', other = 'en'] = languages.tags;
    await each((path) => [{ name: 'xx', request: { path: query(path, 'lang=xx') }, status: 400 }]);
    const [{ example } = { example: '/v1/stats' }] = languages.paths;
    await expectAgreement(throughPrism, {
      name: 'de-CH',
      request: { path: query(example, `lang=${other}-CH`) },
      status: 400,
    });
    await expectAgreement(throughPrism, {
      name: 'twice',
      request: { path: query(example, `lang=${first}&lang=${other}`) },
      status: 400,
    });
  });
});

describe("/v1/changes after a rollback through Prism's validating proxy", () => {
  let rolledBackServer: ServerProcess;
  let rolledBackPrism: PrismProxy;
  let cases: HttpCase[] = [];
  beforeAll(async () => {
    const releasesDir = await writeRolledBackReleases();
    cases = await rollbackTable(releasesDir);
    const { path } = await writeTestKeyFile();
    rolledBackServer = await spawnServer(NODE_MAIN, {
      GAMEDATA_KEYS_FILE: path,
      GAMEDATA_RELEASES_DIR: releasesDir,
    });
    rolledBackPrism = await proxyFor(rolledBackServer.url);
  }, 60_000);
  afterAll(async () => {
    await rolledBackPrism?.stop();
    rolledBackServer?.child.kill('SIGTERM');
    await rolledBackServer?.exited;
  });

  it('agrees with the document on every case of the rollback table', async () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const testCase of cases)
      await expectAgreement(sendOverHttp(rolledBackPrism.url), testCase);
  });
});

// The control: the same proxy over a document that is wrong about one header finds it, so an empty
// `sl-violations` above means Prism checked and agreed, not that it checked nothing.
describe('Prism over a document that is wrong about the server', () => {
  it('reports the header the document gets wrong', async () => {
    const document = JSON.parse(
      (await sendOverHttp(server.url)({ path: '/v1/openapi.json' })).text,
    ) as {
      components: { headers: { DatasetVersion: { schema: Record<string, unknown> } } };
    };
    document.components.headers.DatasetVersion.schema = { type: 'string', pattern: '^never$' };
    const documentPath = join(await makeTempDir('openapi-wrong'), 'openapi.json');
    await writeFile(documentPath, JSON.stringify(document));
    const wrong = await startPrismProxy(documentPath, server.url);
    try {
      const reply = await sendOverHttp(wrong.url)({ path: '/v1/meta' });
      expect(reply.status).toBe(200);
      const findings = disagreements(violationsOf(reply), reply.status);
      expect(findings.map((v) => v.location.join('.'))).toContain(
        'response.header.x-dataset-version',
      );
    } finally {
      await wrong.stop();
    }
  });
});
