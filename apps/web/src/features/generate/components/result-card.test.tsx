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

describe('ResultCard: verified alt text (several readings)', () => {
  const verified = {
    altText: 'Two red apples on a wooden table',
    wcagCompliant: false,
    samples: 3,
    agreement: 0.87,
    claims: [
      { text: 'Two apples', kind: 'count' as const, support: 2, of: 3 },
      { text: 'red apples', kind: 'colour' as const, support: 2, of: 3 },
      { text: 'table', kind: 'object' as const, support: 3, of: 3 },
    ],
    uncertain: [
      { kind: 'colour' as const, readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
      { kind: 'count' as const, readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
    ],
  };

  it('says in words what the readings disagree on, and marks the words in the alt text with text, not colour alone', () => {
    card(verified);
    expect(screen.getByTestId('readings-summary')).toHaveTextContent('Colour: 2 of 3 readings say red, 1 says orange');
    expect(screen.getByTestId('readings-summary')).toHaveTextContent('Count: 2 of 3 readings say 2, 1 says 3');
    const marks = screen.getByTestId('alt-text').querySelectorAll('mark');
    // The disputed words themselves: the count said as a number word, and the colour.
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Two (readings disagree)', 'red (readings disagree)']);
    expect(screen.queryByText('WCAG Compliant')).not.toBeInTheDocument();
  });

  it('says when every reading agrees', () => {
    card({ samples: 3, agreement: 1, claims: [], uncertain: [] });
    expect(screen.getByTestId('readings-summary')).toHaveTextContent('all 3 readings agree');
    expect(screen.getByTestId('alt-text').querySelector('mark')).toBeNull();
  });
});
