import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  /** True only for public unicast addresses we are willing to connect to. */
  readonly public: boolean;
  /** ipaddr.js range name, e.g. 'loopback', 'private', 'unicast'; 'invalid' if unparsable. */
  readonly range: string;
}

// Global unicast IPv6 lives in 2000::/3. Anything outside it that ipaddr.js still
// calls 'unicast' (e.g. the deprecated IPv4-compatible ::/96 form "::7f00:1") is not
// somewhere a public image can live, so we refuse it rather than trust the OS routing.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Classifies an IP literal without any network I/O. `ipaddr.process` unmaps
 * IPv4-mapped IPv6 (::ffff:127.0.0.1 becomes 127.0.0.1) so both spellings share a verdict.
 */
export function classifyAddress(address: string): AddressVerdict {
  const literal = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(literal)) return { public: false, range: 'invalid' };
  let parsed: ReturnType<typeof ipaddr.process>;
  try {
    parsed = ipaddr.process(literal);
  } catch {
    return { public: false, range: 'invalid' };
  }
  const range = parsed.range();
  if (range !== 'unicast') return { public: false, range };
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6)) {
    return { public: false, range: 'nonGlobalIpv6' };
  }
  return { public: true, range };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).public;
}

/** True when the string is an IPv4 or IPv6 literal (brackets allowed), so no DNS is needed. */
export function isIpLiteral(host: string): boolean {
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(literal) && (literal.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(literal));
}
