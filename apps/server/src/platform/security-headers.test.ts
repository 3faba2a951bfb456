import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from './security-headers';

describe('computeSecurityHeaders', () => {
  it("is helmet's set for our options, worked out once", () => {
    const headers = computeSecurityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(headers)).toBe(true);
  });
});
