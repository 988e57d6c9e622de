import { describe, expect, it } from 'vitest';
import { RefusedTarget, requestUrl } from './request-url.js';

describe('requestUrl', () => {
  it.each([
    ['/v1/items?limit=5', '/v1/items?limit=5'],
    ['/v1/items', '/v1/items'],
    ['', '/'],
    ['/v1/../v1/items', '/v1/items'],
    ['/v1/items/./iron-helm', '/v1/items/iron-helm'],
    ['/v1/items/%2e%2e/meta', '/v1/meta'],
    ['/v1/items/..%2F..%2Fpackage.json', '/v1/items/..%2F..%2Fpackage.json'],
    ['/v1/items?q=a b', '/v1/items?q=a%20b'],
    ['/v1/items/ä', '/v1/items/%C3%A4'],
    ['/v1/items?q=a\\b', '/v1/items?q=a\\b'],
    ['//evil.example/v1/items', '//evil.example/v1/items'],
    ['http://other.example/v1/meta?x=1', '/v1/meta?x=1'],
  ])('%j → %j', (target, expected) => {
    expect(requestUrl(target, 'api.example:3000')).toBe(expected);
  });

  it.each([
    ['/v1/items\\x', 'api.example', 'Backslash in request path'],
    ['/v1/items', undefined, 'Missing host header'],
    ['/v1/items', '', 'Missing host header'],
    ['/v1/items', 'a b', 'Invalid host header'],
    ['/v1/items', 'host/path', 'Invalid host header'],
    ['/v1/items', 'user@host', 'Invalid host header'],
    ['*', 'api.example', 'Invalid URL'],
    ['v1/items', 'api.example', 'Invalid URL'],
    ['http://exa mple/v1', undefined, 'Invalid absolute URL'],
  ])('%j with Host %j is refused: %s', (target, host, message) => {
    expect(() => requestUrl(target, host)).toThrow(new RefusedTarget(message));
  });

  // RFC 9110 §7.2: Host = uri-host [ ":" port ], with uri-host and port as RFC 3986 §3.2.2-3 writes them.
  it.each([
    ['a registered name', 'api.example'],
    ['a registered name and port', 'api.example:3000'],
    ['a name in capitals', 'API.Example'],
    ['a punycode name', 'xn--bcher-kva.example'],
    ['an empty port', 'api.example:'],
    ['the default port', 'api.example:80'],
    ['a port past 65535 (port = *DIGIT)', 'api.example:99999'],
    ['an IPv4 address', '127.0.0.1'],
    ['an IPv4 address and port', '127.0.0.1:80'],
    ['a name of sub-delims and a pct-encoded octet', "a!$&'()*+,;=~_.b%2D"],
    ['an IPv6 literal', '[::1]'],
    ['an IPv6 literal and port', '[::1]:3000'],
    ['an IPv6 literal and the default port', '[::1]:80'],
    ['a documentation IPv6 address and the default port', '[2001:db8::1]:80'],
    ['an IPv6 literal with an empty port', '[::1]:'],
    ['an IPv6 literal written in full, in capitals', '[2001:0DB8:0000:0000:0000:0000:0000:0001]'],
    ['the unspecified IPv6 address', '[::]'],
    ['a trailing ::', '[2001:db8::]:8080'],
    ['an IPv4-mapped IPv6 address', '[::ffff:192.0.2.1]:443'],
    ['an IPv4-compatible IPv6 address', '[::192.0.2.1]'],
    ['six groups and an IPv4 address', '[1:2:3:4:5:6:192.0.2.1]'],
    ['an IPvFuture literal', '[v1.fe80::a+en1]'],
  ])('accepts %s: %j', (_name, host) => {
    expect(requestUrl('/v1/meta', host)).toBe('/v1/meta');
  });

  it.each([
    ['garbage', '%%%'],
    ['a space', 'api .example'],
    ['an unbalanced bracket', '[::1'],
    ['a closing bracket alone', '::1]'],
    ['an IPv6 address without brackets', '::1'],
    ['userinfo', 'a@b'],
    ['userinfo and port', 'user:pass@api.example:80'],
    ['a path', 'api.example/v1'],
    ['a query', 'api.example?x'],
    ['a port that is not digits', 'api.example:http'],
    ['two ports', 'api.example:80:81'],
    ['a port alone', ':80'],
    ['a bad pct-encoding', 'api%2.example'],
    ['a name outside ASCII', 'bücher.example'],
    ['text after the brackets', '[::1]x'],
    ['an IPv6 address with nine groups', '[1:2:3:4:5:6:7:8:9]'],
    ['an IPv6 address with seven groups and no ::', '[1:2:3:4:5:6:7]'],
    ['an IPv6 address with two ::', '[1::2::3]'],
    ['an IPv6 group of five digits', '[12345::1]'],
    ['an IPv6 address with a zone', '[fe80::1%25eth0]'],
    ['an IPv6 address with a zone not percent-encoded', '[fe80::1%eth0]'],
    ['an IPv4 tail with a leading zero', '[::ffff:01.2.3.4]'],
    ['an IPv4 tail in hexadecimal', '[::ffff:0x1.2.3.4]'],
    ['an IPv4 tail of three parts', '[::ffff:1.2.3]'],
    ['seven groups and an IPv4 address', '[1:2:3:4:5:6:7:1.2.3.4]'],
    ['a trailing single colon', '[1:2:3:4:5:6:7:]'],
    ['an IPv4 address in brackets', '[127.0.0.1]'],
    ['an IPv4 address before ::', '[1.2.3.4::]'],
    ['a bad IPv4 tail', '[::ffff:256.0.0.1]'],
    ['empty brackets', '[]'],
  ])('refuses %s: %j', (_name, host) => {
    expect(() => requestUrl('/v1/meta', host)).toThrow(new RefusedTarget('Invalid host header'));
  });
});
