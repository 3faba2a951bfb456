import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './webhook-signature';

describe('webhook signatures', () => {
  const body = '{"type":"job.completed"}';

  it('signs "timestamp.body" with HMAC-SHA256 in Stripe\'s header format', () => {
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader('whsec_test', body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies a good signature and refuses another secret, a changed body or an old timestamp', () => {
    const header = signatureHeader('whsec_test', body, 1_700_000_000);
    expect(verifySignature('whsec_test', body, header, 1_700_000_010)).toBe(true);
    expect(verifySignature('whsec_other', body, header, 1_700_000_010)).toBe(false);
    expect(verifySignature('whsec_test', `${body} `, header, 1_700_000_010)).toBe(false);
    expect(verifySignature('whsec_test', body, header, 1_700_000_000 + 301)).toBe(false);
  });
});
