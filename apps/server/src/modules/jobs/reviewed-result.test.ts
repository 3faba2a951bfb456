import { describe, expect, it } from 'vitest';
import { reviewedResult } from './reviewed-result';

const decorativeDraft = {
  altText: '',
  isDecorative: true,
  containsText: false,
  wcagCompliant: false,
  verification: 'draft' as const,
  verificationReason: 'no_vision_model' as const,
  issues: [],
  provider: 'offline',
  model: 'offline-describer-1',
  cached: false,
  processingTime: 12,
};

describe('reviewedResult', () => {
  it('treats text a person wrote for a "decorative" image as not decorative (no F38/F39 error)', () => {
    const result = reviewedResult(decorativeDraft, { status: 'approved', altText: 'Company logo: Acme Tools' }, { context: null });
    expect(result).toMatchObject({ isDecorative: false, verification: 'reviewed', wcagCompliant: true });
    expect(result!.issues.map((issue) => issue.id)).not.toContain('decorative-has-alt');
  });

  it('keeps an accepted empty alt decorative', () => {
    const result = reviewedResult(decorativeDraft, { status: 'approved' }, { context: null });
    expect(result).toMatchObject({ isDecorative: true, altText: '', verification: 'reviewed' });
  });
});
