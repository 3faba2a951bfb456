import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { classifyAddress, isIpLiteral, isPublicAddress } from './address-classifier';

// [address, expected public?, why]
const TABLE: ReadonlyArray<readonly [string, boolean, string]> = [
  ['127.0.0.1', false, 'loopback'],
  ['127.255.255.254', false, 'loopback range'],
  ['10.0.0.1', false, 'private 10/8'],
  ['172.16.5.4', false, 'private 172.16/12'],
  ['172.31.255.255', false, 'private 172.16/12 top'],
  ['192.168.1.1', false, 'private 192.168/16'],
  ['169.254.169.254', false, 'cloud metadata, link-local'],
  ['100.64.0.1', false, 'CGNAT'],
  ['100.127.255.254', false, 'CGNAT top'],
  ['0.0.0.0', false, 'unspecified'],
  ['0.1.2.3', false, '0/8'],
  ['255.255.255.255', false, 'broadcast'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast SSDP'],
  ['240.0.0.1', false, 'reserved class E'],
  ['192.0.2.10', false, 'TEST-NET-1'],
  ['198.18.0.1', false, 'benchmarking'],
  ['::1', false, 'IPv6 loopback'],
  ['::', false, 'IPv6 unspecified'],
  ['fe80::1', false, 'IPv6 link-local'],
  ['fe80::1%eth0', false, 'IPv6 link-local with zone'],
  ['fc00::1', false, 'unique-local fc00::/7'],
  ['fd12:3456:789a::1', false, 'unique-local fd'],
  ['ff02::1', false, 'IPv6 multicast'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', false, 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::7f00:1', false, 'deprecated IPv4-compatible loopback'],
  ['64:ff9b::a00:1', false, 'NAT64 of 10.0.0.1'],
  ['2002:7f00:1::1', false, '6to4'],
  ['2001::1', false, 'teredo'],
  ['2001:db8::1', false, 'documentation'],
  ['fec0::1', false, 'deprecated site-local'],
  ['[::1]', false, 'bracketed IPv6 loopback'],
  ['2130706433', false, 'decimal 127.0.0.1 (legacy spelling)'],
  ['0x7f000001', false, 'hex 127.0.0.1 (legacy spelling)'],
  ['not-an-ip', false, 'unparsable'],
  ['8.8.8.8', true, 'public DNS'],
  ['1.1.1.1', true, 'public DNS'],
  ['93.184.215.14', true, 'public web host'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['2606:4700::1111', true, 'public IPv6'],
  ['2a00:1450:4001:82b::200e', true, 'public IPv6'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('judges %s public=%s (%s)', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('names the range it refused', () => {
    expect(classifyAddress('100.64.0.1').range).toBe('carrierGradeNat');
    expect(classifyAddress('169.254.169.254').range).toBe('linkLocal');
    expect(classifyAddress('::ffff:127.0.0.1').range).toBe('loopback');
  });

  it('gives an IPv4 address and its IPv4-mapped IPv6 form the same verdict', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const mapped = ipaddr.IPv4.parse(v4).toIPv4MappedAddress();
        expect(isPublicAddress(mapped.toString())).toBe(isPublicAddress(v4));
        expect(isPublicAddress(mapped.toNormalizedString())).toBe(isPublicAddress(v4));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every private IPv4 range in every spelling of its mapped form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (b, c) => {
        expect(isPublicAddress(`::ffff:10.${b}.${c}.1`)).toBe(false);
        expect(isPublicAddress(`::ffff:192.168.${b}.${c}`)).toBe(false);
      }),
    );
  });
});

describe('isIpLiteral', () => {
  it('recognises the literals a WHATWG URL hostname can hold, and nothing else', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('localhost')).toBe(false);
  });
});
