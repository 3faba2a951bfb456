import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DescribedImage } from '../result-entry';
import { ResultCard } from './result-card';

function card(extra: Partial<DescribedImage>) {
  const result: DescribedImage = {
    imageUrl: 'https://example.com/harbour.png',
    altText: 'Fishing boats moored in a harbour at dusk',
    processingTime: 640,
    wcagCompliant: true,
    verification: 'model',
    issues: [],
    provider: 'openai-compatible',
    model: 'gpt-4o-mini',
    cached: false,
    timestamp: '2025-06-01T12:00:00.000Z',
    ...extra,
  };
  render(<ResultCard entry={{ id: 'e1', status: 'done', name: 'harbour.png', imageSrc: result.imageUrl, result }} />);
}

const DRAFT_NOTE = { id: 'no-vision-model', severity: 'warning' as const, message: 'No vision model was used. Review it before publishing.' };

describe('ResultCard: compliance badge or draft label', () => {
  it('shows "WCAG Compliant" for a compliant model result, no draft label', () => {
    card({});
    expect(screen.getByText('WCAG Compliant')).toBeInTheDocument();
    expect(screen.queryByText('Draft — no vision model')).not.toBeInTheDocument();
  });

  it('shows "Draft — no vision model" and why, never the badge, for a draft', () => {
    card({ verification: 'draft', wcagCompliant: false, provider: 'offline', model: 'offline', issues: [DRAFT_NOTE] });
    expect(screen.getByText('Draft — no vision model')).toBeInTheDocument();
    expect(screen.getByTestId('draft-explanation')).toHaveTextContent('No vision model looked at this image');
    expect(screen.queryByText('WCAG Compliant')).not.toBeInTheDocument();
    // A warning is a note, not a WCAG failure.
    expect(screen.getByRole('heading', { name: 'Quality notes' })).toBeInTheDocument();
  });

  it('keeps the badge for a reviewed, compliant result', () => {
    card({ verification: 'reviewed' });
    expect(screen.getByText('WCAG Compliant')).toBeInTheDocument();
  });
});
