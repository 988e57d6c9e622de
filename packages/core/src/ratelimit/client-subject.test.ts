import { describe, expect, it } from 'vitest';
import { clientSubject } from './client-subject.js';

describe('clientSubject', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['unknown', 'unknown'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::ffff:1.2.3.4', '2001:db8:1:2::/64'],
    ['not:an:address', 'not:an:address'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3'],
    ['fe80::1%eth-0', 'fe80:0:0:0::/64'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
    ['::198.51.100.7', '198.51.100.7'],
    ['::ffff:0xc6.51.100.7', '198.51.100.7'],
    ['198.51.100.7%:', '198.51.100.7%:'],
    ['[2001:db8::1]', '[2001:db8::1]'],
  ])('%s → %s', (address, subject) => expect(clientSubject(address)).toBe(subject));

  it('gives every address of one /64 the same subject, and neighbours another', () => {
    const a = clientSubject('2001:db8:aa:bb:1::1');
    expect(clientSubject('2001:db8:aa:bb:ffff:ffff:ffff:fffe')).toBe(a);
    expect(clientSubject('2001:db8:aa:bc::1')).not.toBe(a);
  });
});
