import type { ReviewGroup } from '@altwise/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewCard } from './review-card';

function card(result: Partial<NonNullable<ReviewGroup['result']>>, review: ReviewGroup['review'] = null, rows = 1, overrides: Partial<ReviewGroup> = {}) {
  const item: ReviewGroup = {
    id: '0',
    imageUrl: 'https://example.com/a.png',
    path: null,
    duplicateOf: null,
    context: null,
    clientId: 'sku-1',
    columns: {},
    status: 'succeeded',
    review,
    attempts: 1,
    rows,
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
    ...overrides,
  };
  return render(<ReviewCard item={item} index={0} selected={false} onSelect={vi.fn()} onReview={vi.fn(async () => undefined)} onDone={vi.fn()} />);
}

describe('ReviewCard: drafts need a person', () => {
  it('shows a draft as "Draft — no vision model" that needs a person, not as compliant', () => {
    card({ verification: 'draft', verificationReason: 'no_vision_model', wcagCompliant: false, provider: 'offline', model: 'offline' });
    expect(screen.getByText('Draft — no vision model')).toBeInTheDocument();
    expect(screen.getByText('Draft: needs a person')).toBeInTheDocument();
    expect(screen.queryByText(/Compliant/)).not.toBeInTheDocument();
  });

  it('shows a model result as compliant, waiting for review', () => {
    card({});
    expect(screen.getByText('Compliant')).toBeInTheDocument();
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    expect(screen.queryByText('Draft — no vision model')).not.toBeInTheDocument();
  });

  it('shows an accepted draft by its review, no longer a draft', () => {
    card({ verification: 'reviewed', wcagCompliant: true }, 'approved');
    expect(screen.getByText('approved')).toBeInTheDocument();
    expect(screen.queryByText('Draft — no vision model')).not.toBeInTheDocument();
  });

  it('shows a group of identical images once, with the rows it covers', () => {
    card({}, null, 44);
    expect(screen.getByTestId('group-rows')).toHaveTextContent('× 44 rows — the same image; a review applies to all of them');
  });
});

describe('ReviewCard: editing (issue 35 row 15)', () => {
  it('puts the caret after the alt text, so typing goes on from its end', async () => {
    const user = userEvent.setup();
    card({ altText: 'A harbour at dusk' });
    await user.click(screen.getByRole('button', { name: /^Edit / }));
    const box = screen.getByRole('textbox');
    expect(box).toHaveFocus();
    await user.keyboard(' with fishing boats');
    expect(box).toHaveValue('A harbour at dusk with fishing boats');
  });
});

describe('ReviewCard: verified items whose readings disagree', () => {
  it('says what the readings say, and accepts another reading’s value with one key press', async () => {
    const onReview = vi.fn(async () => undefined);
    const item: ReviewGroup = {
      id: '0', imageUrl: 'https://example.com/a.png', path: null, duplicateOf: null, context: null, clientId: 'sku-9', columns: {}, status: 'succeeded', review: null, attempts: 1, rows: 1,
      result: {
        altText: 'Two red apples on a table', isDecorative: false, containsText: false, wcagCompliant: false, verification: 'model', issues: [], provider: 'openai-compatible', model: 'm', cached: false, processingTime: 10,
        samples: 3,
        uncertain: [
          { kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
          { kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
        ],
      },
      error: null, finishedAt: '2025-06-01T12:00:00.000Z',
    };
    render(<ReviewCard item={item} index={0} selected={false} onSelect={vi.fn()} onReview={onReview} onDone={vi.fn()} />);
    expect(screen.getByTestId('review-readings')).toHaveTextContent('Colour: 2 of 3 readings say red, 1 says orange');
    expect(screen.getByTestId('review-readings')).toHaveTextContent('Count: 2 of 3 readings say 2, 1 says 3');
    expect(screen.getByText('Readings disagree: needs a person')).toBeInTheDocument();
    // The alt text marks the disputed words in text, not colour alone.
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Two (readings disagree)', 'red (readings disagree)']);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Accept with orange: Two orange apples on a table' }).focus();
    await user.keyboard('{Enter}');
    expect(onReview).toHaveBeenCalledWith({ status: 'approved', altText: 'Two orange apples on a table' });
    expect(screen.getByRole('button', { name: 'Accept with 3: Three red apples on a table' })).toBeInTheDocument();
  });
});

describe('ReviewCard: a failed item (issue 35 row 14)', () => {
  it('shows why it failed where the alt text would be, never a broken image', () => {
    const { container } = card({}, null, 1, {
      status: 'failed',
      result: null,
      imageUrl: 'https://example.com/gone.png',
      error: { code: 'image_unreachable', message: 'The image could not be fetched (404)' },
    });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('failure-reason')).toHaveTextContent('Not described: The image could not be fetched (404)');
    expect(screen.getByTestId('review-state')).toHaveTextContent('failed');
  });

  it('replaces a picture that does not load with "No preview"', () => {
    const { container } = card({});
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('No preview')).toBeInTheDocument();
    expect(screen.getByText('Photograph, mostly blue')).toBeInTheDocument();
  });
});
