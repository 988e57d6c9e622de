import { describe, expect, it } from 'vitest';
import { readEdgeConfig } from './edge-config.js';

describe('readEdgeConfig', () => {
  it('takes an https origin, with or without the trailing slash, and nothing when unset or empty', () => {
    expect(readEdgeConfig({ GAMEDATA_EDGE_URL: 'https://d111111abcdef8.cloudfront.net/' })).toEqual(
      { edgeUrl: 'https://d111111abcdef8.cloudfront.net', cloudFrontServesFiles: false },
    );
    expect(readEdgeConfig({ GAMEDATA_EDGE_URL: ' https://cdn.example.com ' }).edgeUrl).toBe(
      'https://cdn.example.com',
    );
    expect(readEdgeConfig({ GAMEDATA_EDGE_URL: '', GAMEDATA_CLOUDFRONT_SERVES_FILES: '' })).toEqual(
      { cloudFrontServesFiles: false },
    );
    expect(readEdgeConfig({})).toEqual({ cloudFrontServesFiles: false });
  });

  it.each([
    'http://cdn.example.com',
    'https://cdn.example.com/files',
    'https://cdn.example.com/?a=1',
    'cdn.example.com',
    's3://bucket/prefix',
  ])('refuses %s, naming the setting and the form it takes', (value) => {
    expect(() => readEdgeConfig({ GAMEDATA_EDGE_URL: value })).toThrow(
      `GAMEDATA_EDGE_URL must be an https origin with no path, such as https://d111111abcdef8.cloudfront.net: "${value}"`,
    );
  });

  it('reads whether the CloudFront in front serves the files, and refuses anything but true or false', () => {
    expect(readEdgeConfig({ GAMEDATA_CLOUDFRONT_SERVES_FILES: 'true' }).cloudFrontServesFiles).toBe(
      true,
    );
    expect(
      readEdgeConfig({ GAMEDATA_CLOUDFRONT_SERVES_FILES: 'false' }).cloudFrontServesFiles,
    ).toBe(false);
    expect(() => readEdgeConfig({ GAMEDATA_CLOUDFRONT_SERVES_FILES: 'yes' })).toThrow(
      'GAMEDATA_CLOUDFRONT_SERVES_FILES must be true or false: "yes"',
    );
  });
});
