import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createApp,
  IMAGE_CACHE_CONTROL,
  TIERS,
  VERSIONED_BULK_CACHE_CONTROL,
  type TierName,
} from '@gamedata/core';
import { EDGE_FOLDER } from '@gamedata/server-io/release';
import { demo } from '@gamedata/test-support/demo';
import { readEdgeConfig } from '../src/edge-config.js';
import { EMF_METRIC_NAMES, METRICS_NAMESPACE } from '../src/emf-metrics.js';
import { collectReferences, type Reference } from './support/cfn-references.js';
import { ResourceSpec } from './support/cfn-spec.js';
import { parseTemplate } from './support/cfn-yaml.js';

interface Resource {
  Type: string;
  Condition?: string;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties?: Record<string, unknown>;
}
interface Template {
  Parameters: Record<string, unknown>;
  Conditions: Record<string, unknown>;
  Rules: Record<
    string,
    { RuleCondition?: unknown; Assertions: Array<{ Assert: unknown; AssertDescription: string }> }
  >;
  Globals: { HttpApi: Record<string, unknown> };
  Resources: Record<string, Resource>;
  Outputs: Record<string, { Condition?: string; Value: unknown }>;
}

const template = parseTemplate(
  readFileSync(fileURLToPath(new URL('../template.yaml', import.meta.url)), 'utf8'),
) as unknown as Template;
const spec = new ResourceSpec();

/** The SAM resource types the template uses, with the properties the SAM specification gives them. */
const SAM_PROPERTIES: Record<string, string[]> = {
  'AWS::Serverless::Function': [
    'Architectures',
    'AutoPublishAlias',
    'CodeUri',
    'Description',
    'Environment',
    'Events',
    'FunctionName',
    'Handler',
    'MemorySize',
    'Policies',
    'ReservedConcurrentExecutions',
    'Runtime',
    'Timeout',
    'VersionDescription',
    'VpcConfig',
  ],
};
/** What SAM generates from the function's HttpApi event, under the names the template refers to. */
const SAM_GENERATED: Record<string, string> = { ServerlessHttpApi: 'AWS::ApiGatewayV2::Api' };
const PSEUDO_PARAMETERS = [
  'AWS::AccountId',
  'AWS::NoValue',
  'AWS::NotificationARNs',
  'AWS::Partition',
  'AWS::Region',
  'AWS::StackId',
  'AWS::StackName',
  'AWS::URLSuffix',
];

/** Every reference, with the conditions that hold where it is evaluated. */
function allReferences(): Reference[] {
  return [
    ...collectReferences(template.Conditions, 'Conditions'),
    ...collectReferences(template.Rules, 'Rules'),
    ...collectReferences(template.Globals, 'Globals'),
    ...Object.entries(template.Resources).flatMap(([id, resource]) =>
      collectReferences(
        resource.Properties ?? {},
        id,
        resource.Condition ? [resource.Condition] : [],
      ),
    ),
    ...Object.entries(template.Outputs).flatMap(([id, output]) =>
      collectReferences(output.Value, `Outputs.${id}`, output.Condition ? [output.Condition] : []),
    ),
  ];
}

/** The conditions named in a Fn::And or Fn::Or's list. */
const conditionsIn = (parts: unknown[] = []) =>
  parts.flatMap((part) =>
    typeof part === 'object' && part && 'Condition' in part ? [String(part.Condition)] : [],
  );

/**
 * The conditions that hold when these do: each one, through Fn::And every condition it requires, and
 * through Fn::Or every condition that any of them is one way of meeting.
 */
function impliedBy(holding: string[]): Set<string> {
  const implied = new Set<string>();
  const add = (name: string) => {
    if (implied.has(name)) return;
    implied.add(name);
    conditionsIn((template.Conditions[name] as { 'Fn::And'?: unknown[] })['Fn::And']).forEach(add);
    for (const [other, definition] of Object.entries(template.Conditions)) {
      if (conditionsIn((definition as { 'Fn::Or'?: unknown[] })['Fn::Or']).includes(name))
        add(other);
    }
  };
  holding.forEach(add);
  return implied;
}

function resource(id: string): Resource {
  const found = template.Resources[id];
  if (!found) throw new Error(`no resource ${id}`);
  return found;
}

function path(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (inner, key) => (inner as Record<string | number, unknown>)[key],
    value,
  );
}

describe('template.yaml', () => {
  it('uses only resource types and properties that CloudFormation and SAM define', () => {
    const problems = Object.entries(template.Resources).flatMap(
      ([id, { Type, Properties = {} }]) => {
        const sam = SAM_PROPERTIES[Type];
        if (sam)
          return Object.keys(Properties)
            .filter((name) => !sam.includes(name))
            .map((name) => `${id}: ${Type} has no property ${name}`);
        return spec.problems(Type, Properties).map((problem) => `${id}: ${problem}`);
      },
    );
    // The HttpApi globals become the properties of the API's $default stage.
    problems.push(
      ...spec.problems('AWS::ApiGatewayV2::Stage', {
        ApiId: 'api',
        StageName: '$default',
        ...template.Globals.HttpApi,
      }),
    );
    expect(problems).toEqual([]);
  });

  it('refers only to parameters, resources, attributes, pseudo parameters and conditions that exist', () => {
    const problems = allReferences().flatMap(({ kind, name, attribute, at }) => {
      if (kind === 'Condition')
        return name in template.Conditions ? [] : [`${at}: no condition ${name}`];
      if (kind === 'Ref')
        return name in template.Parameters ||
          name in template.Resources ||
          name in SAM_GENERATED ||
          PSEUDO_PARAMETERS.includes(name)
          ? []
          : [`${at}: no ${name} to Ref`];
      const type = template.Resources[name]?.Type ?? SAM_GENERATED[name];
      const attributes = type ? spec.resource(type)?.attributes : undefined;
      return attributes && attribute && attribute in attributes
        ? []
        : [`${at}: no attribute ${name}.${attribute}`];
    });
    const conditionsOf = [
      ...Object.values(template.Resources),
      ...Object.values(template.Outputs),
    ].flatMap((item) => item.Condition ?? []);
    problems.push(
      ...conditionsOf
        .filter((name) => !(name in template.Conditions))
        .map((name) => `no condition ${name}`),
    );
    expect(problems).toEqual([]);
  });

  it('refers to a conditional resource only where its condition holds, in resources and outputs alike', () => {
    const problems = allReferences().flatMap(({ kind, name, holding, at }) => {
      const condition = kind === 'Condition' ? undefined : template.Resources[name]?.Condition;
      return condition && !impliedBy(holding).has(condition)
        ? [`${at}: ${name} exists only when ${condition}`]
        : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares no parameter or condition it does not use', () => {
    const references = allReferences();
    const used = new Set([
      ...references.map((reference) => reference.name),
      ...Object.values(template.Resources).flatMap((r) => r.Condition ?? []),
      ...Object.values(template.Outputs).flatMap((o) => o.Condition ?? []),
    ]);
    expect(
      [...Object.keys(template.Parameters), ...Object.keys(template.Conditions)].filter(
        (name) => !used.has(name),
      ),
    ).toEqual([]);
  });

  it('defaults Edge to cloudfront, the answer the deploy guide gives', () => {
    expect(template.Parameters.Edge).toMatchObject({ Default: 'cloudfront' });
    expect(readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8')).toContain(
      '`Edge` defaults to `cloudfront`',
    );
  });

  it('names every account-wide resource by stack and region, so one stack name can serve two regions', () => {
    const names = {
      CachePolicy: path(resource('CachePolicy').Properties, 'CachePolicyConfig', 'Name'),
      OriginRequestPolicy: path(
        resource('OriginRequestPolicy').Properties,
        'OriginRequestPolicyConfig',
        'Name',
      ),
      WebAcl: path(resource('WebAcl').Properties, 'Name'),
    };
    for (const [id, name] of Object.entries(names))
      expect(name, id).toEqual({ 'Fn::Sub': '${AWS::StackName}-${AWS::Region}-api' });
    const edgeNames = {
      ReleasesOriginAccessControl: path(
        resource('ReleasesOriginAccessControl').Properties,
        'OriginAccessControlConfig',
        'Name',
      ),
      EdgeFilesCachePolicy: path(
        resource('EdgeFilesCachePolicy').Properties,
        'CachePolicyConfig',
        'Name',
      ),
      BulkFilesHeadersPolicy: path(
        resource('BulkFilesHeadersPolicy').Properties,
        'ResponseHeadersPolicyConfig',
        'Name',
      ),
      SpritesHeadersPolicy: path(
        resource('SpritesHeadersPolicy').Properties,
        'ResponseHeadersPolicyConfig',
        'Name',
      ),
      EdgeFilesFunction: path(resource('EdgeFilesFunction').Properties, 'Name'),
      ApiLanguageFunction: path(resource('ApiLanguageFunction').Properties, 'Name'),
    };
    for (const [id, name] of Object.entries(edgeNames))
      expect((name as { 'Fn::Sub': string })['Fn::Sub'], id).toMatch(
        /^\$\{AWS::StackName\}-\$\{AWS::Region\}-[a-z-]+$/,
      );
    expect(new Set(Object.values(edgeNames).map((name) => JSON.stringify(name))).size).toBe(
      Object.keys(edgeNames).length,
    );
  });

  it('creates the CDN and the web ACL only with Edge cloudfront', () => {
    const edge = Object.entries(template.Resources).filter(([, { Type }]) =>
      /^AWS::(CloudFront|WAFv2)::/.test(Type),
    );
    expect(edge.map(([id]) => id).sort()).toEqual([
      'ApiLanguageFunction',
      'BulkFilesHeadersPolicy',
      'CachePolicy',
      'Distribution',
      'EdgeFilesCachePolicy',
      'EdgeFilesFunction',
      'OriginRequestPolicy',
      'ReleasesOriginAccessControl',
      'SpritesHeadersPolicy',
      'WebAcl',
    ]);
    expect(template.Conditions.EdgeOn).toEqual({ 'Fn::Equals': [{ Ref: 'Edge' }, 'cloudfront'] });
    expect(
      edge.filter(([, { Condition }]) => !impliedBy(Condition ? [Condition] : []).has('EdgeOn')),
    ).toEqual([]);
    for (const [id, output] of Object.entries(template.Outputs)) {
      if (
        collectReferences(output.Value, id).some(
          (reference) => reference.name in Object.fromEntries(edge),
        )
      )
        expect(impliedBy([output.Condition ?? '']).has('EdgeOn'), id).toBe(true);
    }
  });
});

describe('template.yaml: CloudFront', () => {
  const behavior = path(
    resource('Distribution').Properties,
    'DistributionConfig',
    'DefaultCacheBehavior',
  ) as Record<string, unknown>;
  const cacheConfig = path(resource('CachePolicy').Properties, 'CachePolicyConfig') as Record<
    string,
    unknown
  >;

  it('keys the cache on the whole query string (lang too), Authorization, Accept-Language and the encoding, and compresses', () => {
    expect(behavior).toMatchObject({
      CachePolicyId: { Ref: 'CachePolicy' },
      OriginRequestPolicyId: { Ref: 'OriginRequestPolicy' },
      Compress: true,
    });
    expect(cacheConfig.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', 'Accept-Language'] },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    // Accept-Language as the language function leaves it, before CloudFront looks in its cache.
    expect(behavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': ['ApiLanguageFunction', 'FunctionMetadata.FunctionARN'] },
      },
    ]);
  });

  it("keeps nothing longer than the origin's cache-control says, and no error without one", () => {
    expect(cacheConfig).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    // The longest lifetime the app gives: a versioned bulk file, a year.
    expect(cacheConfig.MaxTTL).toBe(31_536_000);
    const errors = path(
      resource('Distribution').Properties,
      'DistributionConfig',
      'CustomErrorResponses',
    ) as { ErrorCode: number; ErrorCachingMinTTL: number }[];
    expect(errors).toEqual(
      [500, 502, 503, 504].map((ErrorCode) => ({ ErrorCode, ErrorCachingMinTTL: 0 })),
    );
  });

  it('forwards the viewer address but not Host, and lets every method reach the app', () => {
    expect(
      path(
        resource('OriginRequestPolicy').Properties,
        'OriginRequestPolicyConfig',
        'HeadersConfig',
      ),
    ).toEqual({
      HeaderBehavior: 'whitelist',
      Headers: ['CloudFront-Viewer-Address'],
    });
    expect(behavior.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
  });

  it('sends the origin secret in the header the function checks, with the value of the secret the function reads', () => {
    const [origin] = path(resource('Distribution').Properties, 'DistributionConfig', 'Origins') as {
      OriginCustomHeaders: { HeaderName: unknown; HeaderValue: unknown }[];
    }[];
    const env = path(resource('Function').Properties, 'Environment', 'Variables') as Record<
      string,
      unknown
    >;
    // Generated unless the operator gave one; nobody types it.
    expect(origin?.OriginCustomHeaders).toEqual([
      {
        HeaderName: env.GAMEDATA_CLOUDFRONT_SECRET_HEADER,
        HeaderValue: {
          'Fn::If': [
            'GenerateOriginSecret',
            { 'Fn::Sub': '{{resolve:secretsmanager:${OriginSecret}}}' },
            { Ref: 'CloudFrontSecret' },
          ],
        },
      },
    ]);
    expect(path(resource('OriginSecret').Properties, 'SecretString')).toEqual({
      'Fn::If': ['OwnOriginSecret', { Ref: 'CloudFrontSecret' }, { Ref: 'AWS::NoValue' }],
    });
    // config.ts refuses a secret under 16 characters, and the header carries no punctuation.
    expect(path(resource('OriginSecret').Properties, 'GenerateSecretString')).toEqual({
      'Fn::If': [
        'GenerateOriginSecret',
        { PasswordLength: 48, ExcludePunctuation: true },
        { Ref: 'AWS::NoValue' },
      ],
    });
  });

  it("gives the function the secret's ARN and the right to read it, never the value in its environment", () => {
    const env = path(resource('Function').Properties, 'Environment', 'Variables') as Record<
      string,
      unknown
    >;
    expect(env.GAMEDATA_CLOUDFRONT_SECRET_ARN).toEqual({
      'Fn::If': ['OriginSecretOn', { Ref: 'OriginSecret' }, ''],
    });
    expect(JSON.stringify(env)).not.toMatch(/resolve:secretsmanager|"Ref":"CloudFrontSecret"/);
    expect(env).not.toHaveProperty('GAMEDATA_CLOUDFRONT_SECRET');
    expect((path(resource('Function').Properties, 'Policies') as unknown[])[0]).toEqual({
      'Fn::If': [
        'OriginSecretOn',
        { AWSSecretsManagerGetSecretValuePolicy: { SecretArn: { Ref: 'OriginSecret' } } },
        { Ref: 'AWS::NoValue' },
      ],
    });
    expect(resource('OriginSecret').Condition).toBe('OriginSecretOn');
    expect(template.Conditions.OriginSecretOn).toEqual({
      'Fn::Or': [{ Condition: 'GenerateOriginSecret' }, { Condition: 'OwnOriginSecret' }],
    });
  });
});

describe('template.yaml: the language of an answer through CloudFront', () => {
  type Header = { value: string; multiValue?: Array<{ value: string }> };
  type Request = {
    method: string;
    uri: string;
    querystring: Record<string, Header>;
    headers: Record<string, Header>;
  };
  const code = (
    path(resource('ApiLanguageFunction').Properties, 'FunctionCode') as { 'Fn::Sub': string }
  )['Fn::Sub'];
  /** The function as deployed with `Languages` set to `languages`. */
  const withLanguages = (languages: string) =>
    new Function(`${code.replaceAll('${Languages}', languages)}\nreturn handler;`)() as (
      event: unknown,
    ) => Request;
  const tags = [demo.language, ...Object.keys(demo.translations)];
  const normalise = withLanguages(tags.join(','));
  // Counting nothing: hundreds of requests from one address.
  const app = createApp({
    dataset: demo,
    log: () => {},
    rateLimitStore: { consume: async () => 1 },
  });
  const viewer = (
    acceptLanguage: string | undefined,
    querystring: Record<string, Header> = {},
  ) => ({
    context: { eventType: 'viewer-request' },
    request: {
      method: 'GET',
      uri: '/v1/stats',
      querystring,
      headers: acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } },
    },
  });
  /** The language, etag and vary of the app's answer to `target` with this Accept-Language (or none). */
  const answer = async (target: string, acceptLanguage: string | undefined) => {
    const reply = await app.fetch(
      new Request(`http://api.test${target}`, {
        headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
      }),
      { clientIp: '203.0.113.97' },
    );
    return [
      reply.status,
      reply.headers.get('content-language'),
      reply.headers.get('etag'),
      reply.headers.get('vary'),
    ];
  };

  /** Accept-Language as browsers and other clients send it, and as they may: a seeded mix of ranges and q-values. */
  const headers = (() => {
    const written = [
      'de',
      'DE',
      'de-CH',
      'de-CH, de;q=0.9, en;q=0.5',
      'fr-CH, fr;q=0.9',
      'ja, zh;q=0.8',
      '*',
      '*;q=0.5, fr;q=0.1',
      'es;q=0, *;q=0.1',
      'en-US,en;q=0.9',
      'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7',
      'pt-BR',
      'fr;q=0',
      'es, fr',
      'fr;q=0.5, es;q=0.5',
      'de;q=1.000',
      'de;q=0.001, fr;q=0.0',
      'i-klingon',
      'zh-Hant-TW, de;q=0.1',
      'en-GB, fr',
      'fr-CA-x-foo',
      'DE-at;q=0.9, *',
      'es;q=0.5, de-CH;q=0.5, de;q=0.5',
      '*;q=0',
      'en;q=0, *',
    ];
    let seed = 20261126;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % n;
    const ranges = [
      ...tags,
      ...tags.map((tag) => `${tag}-CH`),
      ...tags.map((tag) => tag.toUpperCase()),
      'ja',
      'zh-CN',
      'pt-BR',
      '*',
    ];
    const qs = ['', ';q=0', ';q=1', ';q=0.9', ';q=0.5', ';q=0.50', ';q=0.001', ';q=1.0'];
    const random = Array.from({ length: 400 }, () =>
      Array.from(
        { length: 1 + next(4) },
        () => `${ranges[next(ranges.length)]}${qs[next(qs.length)]}`,
      ).join([', ', ','][next(2)]),
    );
    return [...written, ...random];
  })();

  it('takes Languages as tags separated by commas, empty by default', () => {
    const parameter = template.Parameters.Languages as { Default: string; AllowedPattern: string };
    expect(parameter.Default).toBe('');
    const pattern = new RegExp(parameter.AllowedPattern);
    for (const value of ['', 'en', tags.join(','), 'pt-BR,en'])
      expect(pattern.test(value), value).toBe(true);
    for (const value of ['en, de', 'en;de', 'en,', '*', 'en,,de'])
      expect(pattern.test(value), value).toBe(false);
    // The README gives the demo's value.
    expect(readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8')).toContain(
      `\`Languages=${tags.join(',')}\` for the demo`,
    );
  });

  it('turns each Accept-Language it reads into the language the app picks from it, or none for the default: the same answer, one copy per language', async () => {
    const kept = new Set<string | undefined>();
    for (const header of headers) {
      const left = normalise(viewer(header)).headers['accept-language']?.value;
      kept.add(left);
      for (const target of ['/v1/stats', `/v1/items/${demo.lists.items.records[0]?.id}`])
        expect(await answer(target, left), `${target} ${header} → ${left}`).toEqual(
          await answer(target, header),
        );
    }
    expect([...kept].sort()).toEqual([...tags.slice(1), undefined].sort());
  });

  it('leaves a header it cannot read as it came, which the app reads on its own', async () => {
    for (const header of [
      '',
      ',',
      'de,,fr',
      'de,',
      'de;q=abc',
      'de;q=2',
      ';;',
      '"de"',
      'de;x=y',
      'de;q=0.5;q=1',
      'de ;q=0.5',
      'de; q=0.5',
      'de;Q=0.5',
      'de__DE',
      'de;q=.5',
    ]) {
      expect(normalise(viewer(header)).headers['accept-language'], header).toEqual({
        value: header,
      });
    }
  });

  it('joins a header sent twice, as the origin would', async () => {
    const twice = {
      ...viewer('ja'),
      request: {
        ...viewer('ja').request,
        headers: {
          'accept-language': { value: 'ja', multiValue: [{ value: 'ja' }, { value: 'fr;q=0.5' }] },
        },
      },
    };
    expect(normalise(twice).headers['accept-language']).toEqual({ value: 'fr' });
    expect(await answer('/v1/stats', 'fr')).toEqual(await answer('/v1/stats', 'ja, fr;q=0.5'));
  });

  it('drops Accept-Language where lang decides, given once or twice, and keeps it to choose where lang is empty', () => {
    const [, other = 'de'] = tags;
    expect(normalise(viewer(other, { lang: { value: other } })).headers).toEqual({});
    expect(normalise(viewer(other, { lang: { value: 'xx' } })).headers).toEqual({});
    expect(
      normalise(viewer(other, { lang: { value: '', multiValue: [{ value: '' }, { value: '' }] } }))
        .headers,
    ).toEqual({});
    expect(normalise(viewer(other, { lang: { value: '' } })).headers).toEqual({
      'accept-language': { value: other },
    });
    expect(
      normalise(viewer(other, { lang: { value: '', multiValue: [{ value: '' }] } })).headers,
    ).toEqual({ 'accept-language': { value: other } });
    expect(normalise(viewer(undefined, { lang: { value: other } })).headers).toEqual({});
  });

  it('keys on Accept-Language as sent with Languages empty, and on none with a single language', () => {
    const [, other = 'de'] = tags;
    expect(withLanguages('')(viewer(`${other}-CH, ${other};q=0.9`)).headers).toEqual({
      'accept-language': { value: `${other}-CH, ${other};q=0.9` },
    });
    expect(withLanguages('')(viewer(other, { lang: { value: other } })).headers).toEqual({});
    expect(withLanguages(demo.language)(viewer(other)).headers).toEqual({});
  });
});

describe('template.yaml: a custom domain', () => {
  it('serves DomainName with the ACM certificate CertificateArn names, only with Edge cloudfront', () => {
    expect(template.Parameters).toMatchObject({
      DomainName: { Default: '' },
      CertificateArn: { Default: '' },
    });
    expect(template.Conditions.CustomDomain).toEqual({
      'Fn::And': [
        { Condition: 'EdgeOn' },
        { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DomainName' }, ''] }] },
      ],
    });
    const config = path(resource('Distribution').Properties, 'DistributionConfig') as Record<
      string,
      unknown
    >;
    expect(config.Aliases).toEqual({
      'Fn::If': ['CustomDomain', [{ Ref: 'DomainName' }], { Ref: 'AWS::NoValue' }],
    });
    expect(config.ViewerCertificate).toEqual({
      'Fn::If': [
        'CustomDomain',
        {
          AcmCertificateArn: { Ref: 'CertificateArn' },
          SslSupportMethod: 'sni-only',
          MinimumProtocolVersion: 'TLSv1.2_2021',
        },
        { Ref: 'AWS::NoValue' },
      ],
    });
    expect(template.Outputs.CustomDomainUrl).toMatchObject({
      Condition: 'CustomDomain',
      Value: { 'Fn::Sub': 'https://${DomainName}/' },
    });
  });

  it('stops a deployment with a domain but no certificate, or without the edge, before anything is created', () => {
    const rule = template.Rules.CustomDomainNeedsCertificateAndEdge;
    expect(rule?.RuleCondition).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DomainName' }, ''] }],
    });
    expect(rule?.Assertions.map(({ Assert }) => Assert)).toEqual([
      { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'CertificateArn' }, ''] }] },
      { 'Fn::Equals': [{ Ref: 'Edge' }, 'cloudfront'] },
    ]);
    // CloudFront takes certificates from us-east-1 only.
    expect((template.Parameters.CertificateArn as { AllowedPattern: string }).AllowedPattern).toBe(
      '^(|arn:aws[a-z-]*:acm:us-east-1:[0-9]{12}:certificate/.+)$',
    );
  });
});

describe('template.yaml: AWS WAF', () => {
  type Rule = {
    Name: string;
    Action: { Block: { CustomResponse: Record<string, unknown> } };
    Statement: { RateBasedStatement: Record<string, unknown> };
  };
  const acl = resource('WebAcl').Properties as {
    Rules: Rule[];
    CustomResponseBodies: Record<string, { Content: string }>;
  };
  const TIER_OF_RULE: Record<string, TierName> = {
    anonymous: 'anonymous',
    'community-header': 'community',
    'community-query': 'community',
  };

  it("limits each tier the app counts to twice its limit over its window: the most the app's fixed windows let through in any such span", () => {
    expect(acl.Rules.map((rule) => rule.Name)).toEqual([
      ...Object.keys(TIER_OF_RULE),
      'images',
      'bulk-files',
      'per-address',
    ]);
    // The template states its numbers itself (CloudFormation reads no TypeScript): a tier added to
    // TIERS fails here until a rule counts it.
    expect(new Set([...Object.values(TIER_OF_RULE), 'images'])).toEqual(
      new Set(Object.keys(TIERS)),
    );
    for (const rule of acl.Rules.filter(({ Name }) => Name in TIER_OF_RULE)) {
      const tier = TIERS[TIER_OF_RULE[rule.Name] as TierName];
      expect(rule.Statement.RateBasedStatement, rule.Name).toMatchObject({
        Limit: 2 * tier.limit,
        EvaluationWindowSec: tier.windowMs / 1000,
      });
    }
  });

  it("limits the files the bucket serves itself, where no function counts: sprites at the images tier, bulk files at the anonymous tier's number, per address", () => {
    const rule = (name: string) =>
      acl.Rules.find(({ Name }) => Name === name)?.Statement.RateBasedStatement;
    const startsWith = (prefix: string) => ({
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'STARTS_WITH',
        SearchString: prefix,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });
    expect(rule('images')).toEqual({
      Limit: TIERS.images.limit,
      EvaluationWindowSec: TIERS.images.windowMs / 1000,
      AggregateKeyType: 'IP',
      ScopeDownStatement: startsWith('/v1/img/'),
    });
    expect(rule('bulk-files')).toEqual({
      Limit: TIERS.anonymous.limit,
      EvaluationWindowSec: TIERS.anonymous.windowMs / 1000,
      AggregateKeyType: 'IP',
      ScopeDownStatement: startsWith('/v1/files/'),
    });
    // The API's rules count neither: each edge path has its own budget.
    expect(rule('per-address')?.ScopeDownStatement).toEqual({
      NotStatement: {
        Statement: {
          OrStatement: { Statements: [startsWith('/v1/img/'), startsWith('/v1/files/')] },
        },
      },
    });
  });

  it('bounds every address whatever keys it sends, edge files aside, no lower than one keyed client at its full rate', () => {
    const rule = acl.Rules.find(({ Name }) => Name === 'per-address');
    expect(rule?.Statement.RateBasedStatement).toMatchObject({
      Limit: { Ref: 'EdgeAddressLimit' },
      EvaluationWindowSec: 60,
      AggregateKeyType: 'IP',
    });
    expect(rule?.Statement.RateBasedStatement.ScopeDownStatement).toEqual(
      acl.Rules[2]?.Statement.RateBasedStatement.ScopeDownStatement,
    );
    const parameter = template.Parameters.EdgeAddressLimit as { Default: number; MinValue: number };
    expect(parameter.MinValue).toBe(2 * TIERS.community.limit);
    expect(parameter.Default).toBeGreaterThanOrEqual(parameter.MinValue);
  });

  it('stops a deployment that would create the web ACL outside us-east-1 before anything is created', () => {
    expect(template.Rules.WebAclCreatedInUsEast1).toMatchObject({
      RuleCondition: { 'Fn::Equals': [{ Ref: 'EdgeWebAcl' }, 'create'] },
      Assertions: [
        {
          Assert: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
          AssertDescription: expect.stringContaining('us-east-1'),
        },
      ],
    });
    // A rule can read parameters and pseudo parameters, nothing a deployment creates.
    const inRules = allReferences().filter(({ at }) => at.startsWith('Rules'));
    expect(
      inRules.filter(
        ({ kind, name }) =>
          kind !== 'Ref' || !(name in template.Parameters || PSEUDO_PARAMETERS.includes(name)),
      ),
    ).toEqual([]);
  });

  it('keys anonymous and images on the client IP, community on the key in either place it may be sent', () => {
    const keys = acl.Rules.map(({ Statement: { RateBasedStatement: s } }) => [
      s.AggregateKeyType,
      s.CustomKeys,
    ]);
    expect(keys).toEqual([
      ['IP', undefined],
      [
        'CUSTOM_KEYS',
        [
          {
            Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
          },
        ],
      ],
      [
        'CUSTOM_KEYS',
        [{ QueryArgument: { Name: 'key', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
      ],
      ['IP', undefined],
      ['IP', undefined],
      ['IP', undefined],
    ]);
  });

  it("refuses with the contract's 429: its JSON body, retry-after, no-store and CORS", () => {
    for (const rule of acl.Rules) {
      const response = rule.Action.Block.CustomResponse as {
        ResponseCode: number;
        CustomResponseBodyKey: string;
        ResponseHeaders: { Name: string; Value: string }[];
      };
      expect(response.ResponseCode).toBe(429);
      const body = JSON.parse(
        acl.CustomResponseBodies[response.CustomResponseBodyKey]?.Content ?? '',
      ) as unknown;
      expect(body).toMatchObject({ error: { code: 'rate_limited', message: expect.any(String) } });
      // A 429 is never served from a cache; every answer is readable cross-origin, and embeddable (CORP).
      expect(Object.fromEntries(response.ResponseHeaders.map((h) => [h.Name, h.Value]))).toEqual({
        'retry-after': '60',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'retry-after',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      });
    }
  });
});

describe('template.yaml: operations', () => {
  it('sends every alarm, and its recovery, to the alarm topic', () => {
    const alarms = Object.entries(template.Resources).filter(
      ([, { Type }]) => Type === 'AWS::CloudWatch::Alarm',
    );
    expect(alarms.map(([id]) => id)).toEqual([
      'ApiServerErrorsAlarm',
      'FunctionErrorsAlarm',
      'FunctionThrottlesAlarm',
      'FunctionDurationAlarm',
      'EdgeServerErrorsAlarm',
    ]);
    for (const [id, { Properties }] of alarms)
      expect(Properties, id).toMatchObject({
        AlarmActions: [{ Ref: 'AlarmTopic' }],
        OKActions: [{ Ref: 'AlarmTopic' }],
      });
    expect(resource('FunctionDurationAlarm').Properties).toMatchObject({
      MetricName: 'Duration',
      ExtendedStatistic: 'p99',
    });
  });

  it('turns reserved concurrency and each API throttle off at 0, rather than passing a 0 that refuses everything', () => {
    const off = (parameter: string, condition: string) => ({
      'Fn::If': [condition, { Ref: parameter }, { Ref: 'AWS::NoValue' }],
    });
    expect(resource('Function').Properties?.ReservedConcurrentExecutions).toEqual(
      off('ReservedConcurrency', 'Reserved'),
    );
    expect(template.Globals.HttpApi.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: off('ApiThrottlingRateLimit', 'ThrottleRate'),
      ThrottlingBurstLimit: off('ApiThrottlingBurstLimit', 'ThrottleBurst'),
    });
    for (const [condition, parameter] of [
      ['Reserved', 'ReservedConcurrency'],
      ['ThrottleRate', 'ApiThrottlingRateLimit'],
      ['ThrottleBurst', 'ApiThrottlingBurstLimit'],
    ]) {
      expect(template.Conditions[condition as string]).toEqual({
        'Fn::Not': [{ 'Fn::Equals': [{ Ref: parameter }, 0] }],
      });
    }
  });

  it('writes the access log as JSON with the fields the README names, kept as long as the function log', () => {
    const settings = template.Globals.HttpApi.AccessLogSettings as {
      DestinationArn: unknown;
      Format: string;
    };
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': ['ApiAccessLogs', 'Arn'] });
    expect(Object.keys(JSON.parse(settings.Format) as object)).toEqual(
      expect.arrayContaining(['requestId', 'ip', 'method', 'path', 'status', 'latencyMs']),
    );
    expect(resource('ApiAccessLogs').Properties?.RetentionInDays).toEqual({
      Ref: 'LogRetentionDays',
    });
  });
});

describe('template.yaml: metrics dashboard', () => {
  const dashboard = template.Resources.Dashboard?.Properties as {
    DashboardName: { 'Fn::Sub': string };
    DashboardBody: { 'Fn::Sub': string };
  };
  const body = JSON.parse(
    dashboard.DashboardBody['Fn::Sub'].replaceAll('${AWS::Region}', 'eu-west-1'),
  ) as { widgets: Array<{ properties: { metrics: Array<Array<{ expression: string }>> } }> };
  const searches = body.widgets.flatMap((widget) =>
    widget.properties.metrics.flat().map((metric) => metric.expression),
  );

  it('shows every metric the function writes, from its namespace, and nothing else', () => {
    const shown = searches.map((expression) =>
      /^SEARCH\('\{(\w+),[\w,]+\} MetricName="(\w+)"', '\w+', \d+\)$/.exec(expression)?.slice(1),
    );
    expect(shown.every((match) => match?.[0] === METRICS_NAMESPACE)).toBe(true);
    expect(shown.map((match) => match?.[1]).sort()).toEqual([...EMF_METRIC_NAMES].sort());
  });

  it('is named per stack and region: dashboard names are account-wide', () => {
    expect(dashboard.DashboardName['Fn::Sub']).toContain('${AWS::Region}');
    expect(dashboard.DashboardName['Fn::Sub']).toContain('${AWS::StackName}');
  });
});

describe('template.yaml: the releases bucket', () => {
  const env = path(resource('Function').Properties, 'Environment', 'Variables') as Record<
    string,
    unknown
  >;

  it('is private, kept when the stack goes, and named to the function as its releases', () => {
    const bucket = resource('ReleasesBucket');
    expect(bucket).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(bucket.Condition).toBeUndefined();
    expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(env.GAMEDATA_RELEASES_DIR).toEqual({
      'Fn::If': [
        'ReleasesFromBucket',
        { 'Fn::Sub': 's3://${ReleasesBucket}/${ReleasesPrefix}' },
        '',
      ],
    });
    expect(template.Outputs.ReleasesUrl?.Value).toEqual({
      'Fn::Sub': 's3://${ReleasesBucket}/${ReleasesPrefix}',
    });
    expect(template.Conditions.ReleasesFromBucket).toEqual({
      'Fn::Equals': [{ Ref: 'ReleasesFrom' }, 'bucket'],
    });
    expect(template.Parameters.ReleasesFrom).toMatchObject({
      Default: 'bucket',
      AllowedValues: ['bucket', 'package'],
    });
  });

  it('lets the function read and list under the prefix only, and write nothing', () => {
    const [, releases] = path(resource('Function').Properties, 'Policies') as unknown[];
    expect(releases).toEqual({
      Statement: [
        {
          Sid: 'ReadReleases',
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: { 'Fn::Sub': '${ReleasesBucket.Arn}/${ReleasesPrefix}/*' },
        },
        {
          Sid: 'ListReleases',
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: { 'Fn::GetAtt': ['ReleasesBucket', 'Arn'] },
          Condition: {
            StringLike: {
              's3:prefix': [{ Ref: 'ReleasesPrefix' }, { 'Fn::Sub': '${ReleasesPrefix}/*' }],
            },
          },
        },
      ],
    });
  });

  it('lets only this distribution read, and only the edge files', () => {
    const policy = resource('ReleasesBucketPolicy');
    expect(policy.Condition).toBe('EdgeOn');
    expect(policy.Properties).toEqual({
      Bucket: { Ref: 'ReleasesBucket' },
      PolicyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'EdgeFilesToThisDistributionOnly',
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: { 'Fn::Sub': `\${ReleasesBucket.Arn}/\${ReleasesPrefix}/${EDGE_FOLDER}/*` },
            Condition: {
              StringEquals: {
                'AWS:SourceArn': {
                  'Fn::Sub':
                    'arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${Distribution}',
                },
              },
            },
          },
        ],
      },
    });
  });

  it('tells the function where bulk files are: the custom domain, else EdgeFilesUrl, in a form it reads', () => {
    // Only with releases from the bucket, where publishing puts the files; a release in the zip serves its own.
    expect(env.GAMEDATA_EDGE_URL).toEqual({
      'Fn::If': [
        'FilesAtCustomDomain',
        { 'Fn::Sub': 'https://${DomainName}' },
        { 'Fn::If': ['ReleasesFromBucket', { Ref: 'EdgeFilesUrl' }, ''] },
      ],
    });
    expect(env.GAMEDATA_CLOUDFRONT_SERVES_FILES).toEqual({
      'Fn::If': ['FilesAtEdge', 'true', 'false'],
    });
    expect(template.Conditions.FilesAtEdge).toEqual({
      'Fn::And': [{ Condition: 'EdgeOn' }, { Condition: 'ReleasesFromBucket' }],
    });
    expect(template.Conditions.FilesAtCustomDomain).toEqual({
      'Fn::And': [{ Condition: 'CustomDomain' }, { Condition: 'ReleasesFromBucket' }],
    });
    const pattern = new RegExp(
      (template.Parameters.EdgeFilesUrl as { AllowedPattern: string }).AllowedPattern,
    );
    for (const value of [
      '',
      'https://d111111abcdef8.cloudfront.net',
      'https://d111111abcdef8.cloudfront.net/',
    ]) {
      expect(pattern.test(value), value).toBe(true);
      expect(() =>
        readEdgeConfig({ GAMEDATA_EDGE_URL: value, GAMEDATA_CLOUDFRONT_SERVES_FILES: 'true' }),
      ).not.toThrow();
    }
    for (const value of ['http://cdn.example.com', 'https://cdn.example.com/files'])
      expect(pattern.test(value), value).toBe(false);
  });
});

describe('template.yaml: the edge files', () => {
  type Behavior = Record<string, unknown> & { PathPattern: string; TargetOriginId: string };
  const config = path(resource('Distribution').Properties, 'DistributionConfig') as Record<
    string,
    unknown
  >;
  const behaviors = config.CacheBehaviors as Behavior[];
  const behavior = (pattern: string) =>
    behaviors.find(({ PathPattern }) => PathPattern === pattern) as Behavior;
  const origins = config.Origins as Array<Record<string, unknown>>;

  it('reads the bucket through an origin access control (no legacy identity), rooted at the edge folder', () => {
    expect(
      resource('ReleasesOriginAccessControl').Properties?.OriginAccessControlConfig,
    ).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(origins.find(({ Id }) => Id === 'releases')).toEqual({
      Id: 'releases',
      DomainName: { 'Fn::GetAtt': ['ReleasesBucket', 'RegionalDomainName'] },
      OriginPath: { 'Fn::Sub': `/\${ReleasesPrefix}/${EDGE_FOLDER}` },
      OriginAccessControlId: { 'Fn::GetAtt': ['ReleasesOriginAccessControl', 'Id'] },
      S3OriginConfig: { OriginAccessIdentity: '' },
    });
  });

  it('serves /v1/files/* from the bucket, and /v1/img/* from it with the function answering what it lacks', () => {
    expect(
      behaviors.map(({ PathPattern, TargetOriginId }) => [PathPattern, TargetOriginId]),
    ).toEqual([
      ['/v1/files/*', 'releases'],
      ['/v1/img/*', 'sprites'],
    ]);
    expect(config.OriginGroups).toEqual({
      Quantity: 1,
      Items: [
        {
          Id: 'sprites',
          FailoverCriteria: { StatusCodes: { Quantity: 2, Items: [403, 404] } },
          Members: { Quantity: 2, Items: [{ OriginId: 'releases' }, { OriginId: 'api' }] },
        },
      ],
    });
    for (const pattern of ['/v1/files/*', '/v1/img/*']) {
      expect(behavior(pattern), pattern).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: false,
        CachePolicyId: { Ref: 'EdgeFilesCachePolicy' },
      });
      expect(behavior(pattern).FunctionAssociations, pattern).toEqual(
        ['viewer-request', 'viewer-response'].map((EventType) => ({
          EventType,
          FunctionARN: { 'Fn::GetAtt': ['EdgeFilesFunction', 'FunctionMetadata.FunctionARN'] },
        })),
      );
    }
    // On failover the function counts the viewer, so it needs the viewer's address.
    expect(behavior('/v1/img/*').OriginRequestPolicyId).toEqual({ Ref: 'OriginRequestPolicy' });
    expect(
      path(
        resource('EdgeFilesCachePolicy').Properties,
        'CachePolicyConfig',
        'ParametersInCacheKeyAndForwardedToOrigin',
      ),
    ).toEqual({
      EnableAcceptEncodingGzip: false,
      EnableAcceptEncodingBrotli: false,
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it("answers with the app's CORS, CORP, nosniff and, where an object has none, the app's lifetime", async () => {
    const app = createApp({ dataset: demo, log: () => {} });
    const answer = await app.fetch(
      new Request('http://api.test/v1/meta', { headers: { origin: 'https://app.example' } }),
      { clientIp: '203.0.113.95' },
    );
    for (const [pattern, id, lifetime] of [
      ['/v1/files/*', 'BulkFilesHeadersPolicy', VERSIONED_BULK_CACHE_CONTROL],
      ['/v1/img/*', 'SpritesHeadersPolicy', IMAGE_CACHE_CONTROL],
    ] as const) {
      expect(behavior(pattern).ResponseHeadersPolicyId).toEqual({ Ref: id });
      const policy = path(resource(id).Properties, 'ResponseHeadersPolicyConfig') as {
        CorsConfig: Record<string, { Items?: string[] } | boolean | number>;
        SecurityHeadersConfig: unknown;
        CustomHeadersConfig: { Items: Array<{ Header: string; Value: string; Override: boolean }> };
      };
      expect(policy.CorsConfig).toMatchObject({
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowCredentials: false,
        OriginOverride: true,
      });
      expect(
        (policy.CorsConfig.AccessControlExposeHeaders as { Items: string[] }).Items.join(', '),
      ).toBe(answer.headers.get('access-control-expose-headers'));
      expect(policy.SecurityHeadersConfig).toEqual({ ContentTypeOptions: { Override: true } });
      expect(policy.CustomHeadersConfig.Items).toEqual([
        {
          Header: 'cross-origin-resource-policy',
          Value: answer.headers.get('cross-origin-resource-policy'),
          Override: true,
        },
        { Header: 'cache-control', Value: lifetime, Override: false },
      ]);
    }
  });
});

describe('template.yaml: the edge function', () => {
  type Headers = Record<string, { value: string }>;
  type Handler = (
    event: unknown,
  ) => { statusCode?: number; headers: Headers; body?: { data: string } } & Record<string, unknown>;
  const code = path(resource('EdgeFilesFunction').Properties, 'FunctionCode') as string;
  const handler = new Function(`${code}\nreturn handler;`)() as Handler;
  const app = createApp({ dataset: demo, log: () => {} });
  const appAnswer = (method: string, target: string) =>
    app.fetch(
      new Request(`http://api.test${target}`, {
        method,
        headers: { origin: 'https://app.example' },
      }),
      { clientIp: '203.0.113.96' },
    );
  const request = (method: string, uri: string) => ({
    context: { eventType: 'viewer-request' },
    request: { method, uri, headers: {} },
  });
  const response = (uri: string, headers: Headers = {}) => ({
    context: { eventType: 'viewer-response' },
    request: { method: 'GET', uri, headers: {} },
    response: { statusCode: 200, headers },
  });
  const values = (headers: Headers) =>
    Object.fromEntries(Object.entries(headers).map(([name, { value }]) => [name, value]));
  const waf = (
    resource('WebAcl').Properties as {
      Rules: Array<{ Name: string; Statement: { RateBasedStatement: { Limit: number } } }>;
    }
  ).Rules;
  const limitOf = (rule: string) =>
    waf.find(({ Name }) => Name === rule)?.Statement.RateBasedStatement.Limit;

  it('lets GET and HEAD through to the cache', () => {
    for (const method of ['GET', 'HEAD'])
      expect(handler(request(method, '/v1/img/blade.png'))).toMatchObject({
        method,
        uri: '/v1/img/blade.png',
      });
  });

  it("answers a preflight as the app does, and refuses other methods with the app's 405", async () => {
    const spriteId = [...demo.sprites.keys()][0] as string;
    for (const uri of [
      `/v1/img/${spriteId}.png`,
      `/v1/files/${demo.meta.version}/bulk/items.json`,
    ]) {
      const preflight = handler(request('OPTIONS', uri));
      const appPreflight = await appAnswer('OPTIONS', `/v1/img/${spriteId}.png`);
      expect(preflight.statusCode).toBe(appPreflight.status);
      for (const name of [
        'access-control-allow-origin',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-max-age',
        'access-control-expose-headers',
        'cross-origin-resource-policy',
        'x-content-type-options',
      ]) {
        expect(values(preflight.headers)[name], `${uri} ${name}`).toBe(
          appPreflight.headers.get(name),
        );
      }
      const refused = handler(request('DELETE', uri));
      const appRefused = await appAnswer('DELETE', `/v1/img/${spriteId}.png`);
      expect(refused.statusCode).toBe(appRefused.status);
      expect(refused.body?.data).toBe(await appRefused.text());
      for (const name of ['allow', 'content-type', 'cache-control', 'access-control-allow-origin'])
        expect(values(refused.headers)[name], name).toBe(appRefused.headers.get(name));
    }
  });

  it("adds the edge's limits to what the bucket served: the WAF rule's limit, the seconds to the minute, and the release of a bulk file", () => {
    const sprite = values(
      handler(response('/v1/img/blade.png', { etag: { value: '"abc"' } })).headers,
    );
    expect(sprite).toMatchObject({
      etag: '"abc"',
      'ratelimit-limit': String(limitOf('images')),
      'ratelimit-remaining': String(limitOf('images')),
      'ratelimit-policy': `"images";q=${limitOf('images')};w=60`,
    });
    const reset = Number(sprite['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(sprite['x-dataset-version']).toBeUndefined();
    const bulk = values(
      handler(response(`/v1/files/${demo.meta.version}/bulk/items.json.br`)).headers,
    );
    expect(bulk).toMatchObject({
      'ratelimit-limit': String(limitOf('bulk-files')),
      'ratelimit-policy': `"bulk-files";q=${limitOf('bulk-files')};w=60`,
      'x-dataset-version': demo.meta.version,
    });
  });

  it('keeps the count of an answer the function made on failover', () => {
    const own = {
      'ratelimit-limit': { value: '1200' },
      'ratelimit-remaining': { value: '1187' },
      'x-dataset-version': { value: demo.meta.version },
    };
    expect(values(handler(response('/v1/img/missing.png', { ...own })).headers)).toEqual(
      values(own),
    );
  });
});
