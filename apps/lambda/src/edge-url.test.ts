import { describe, expect, it } from 'vitest';
import { readEdgeUrl } from './edge-url.js';

describe('readEdgeUrl', () => {
  it('takes an https origin, with or without the trailing slash, and nothing when unset or empty', () => {
    expect(readEdgeUrl({ GAMEDATA_EDGE_URL: 'https://d111111abcdef8.cloudfront.net/' })).toBe('https://d111111abcdef8.cloudfront.net');
    expect(readEdgeUrl({ GAMEDATA_EDGE_URL: ' https://cdn.example.com ' })).toBe('https://cdn.example.com');
    expect(readEdgeUrl({ GAMEDATA_EDGE_URL: '' })).toBeUndefined();
    expect(readEdgeUrl({})).toBeUndefined();
  });

  it.each(['http://cdn.example.com', 'https://cdn.example.com/files', 'https://cdn.example.com/?a=1', 'cdn.example.com', 's3://bucket/prefix'])('refuses %s, naming the setting and the form it takes', (value) => {
    expect(() => readEdgeUrl({ GAMEDATA_EDGE_URL: value })).toThrow(`GAMEDATA_EDGE_URL must be an https origin with no path, such as https://d111111abcdef8.cloudfront.net: "${value}"`);
  });
});
