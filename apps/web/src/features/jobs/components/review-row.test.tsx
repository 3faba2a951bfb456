import type { JobResultItem } from '@altwise/sdk';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewRow } from './review-row';

function row(result: Partial<NonNullable<JobResultItem['result']>>, review: JobResultItem['review'] = null) {
  const item: JobResultItem = {
    id: '0',
    imageUrl: 'https://example.com/a.png',
    context: null,
    clientId: 'sku-1',
    columns: {},
    status: 'succeeded',
    review,
    attempts: 1,
    result: {
      altText: 'Photograph, mostly blue',
      isDecorative: false,
      containsText: false,
      wcagCompliant: true,
      verification: 'model',
      issues: [],
      provider: 'openai-compatible',
      model: 'gpt-4o-mini',
      cached: false,
      processingTime: 10,
      ...result,
    },
    error: null,
    finishedAt: '2025-06-01T12:00:00.000Z',
  };
  render(
    <table>
      <tbody>
        <ReviewRow item={item} index={0} onReview={vi.fn(async () => undefined)} />
      </tbody>
    </table>,
  );
}

describe('ReviewRow: drafts need a person', () => {
  it('shows a draft as "Draft — no vision model" that needs a person, not as compliant', () => {
    row({ verification: 'draft', verificationReason: 'no_vision_model', wcagCompliant: false, provider: 'offline', model: 'offline' });
    expect(screen.getByText('Draft — no vision model')).toBeInTheDocument();
    expect(screen.getByText('Draft: needs a person')).toBeInTheDocument();
    expect(screen.queryByText(/Compliant/)).not.toBeInTheDocument();
  });

  it('shows a model result as compliant, waiting for review', () => {
    row({});
    expect(screen.getByText('Compliant')).toBeInTheDocument();
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    expect(screen.queryByText('Draft — no vision model')).not.toBeInTheDocument();
  });

  it('shows an accepted draft by its review, no longer a draft', () => {
    row({ verification: 'reviewed', wcagCompliant: true }, 'approved');
    expect(screen.getByText('approved')).toBeInTheDocument();
    expect(screen.queryByText('Draft — no vision model')).not.toBeInTheDocument();
  });
});
