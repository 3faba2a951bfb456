import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { getReviewQueue } from './get-review-queue';

const fetchMock = mockFetch();

describe('getReviewQueue', () => {
  it('asks for the uncertainty order only when it is chosen', async () => {
    signInAs();
    fetchMock.mockImplementation(async () => jsonResponse({ items: [], nextCursor: null }));
    await getReviewQueue('job-1', 'needs_review', null, undefined, 'uncertainty');
    await getReviewQueue('job-1', 'needs_review', '2:5');
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
    expect(urls[0]!.searchParams.get('sort')).toBe('uncertainty');
    expect(urls[1]!.searchParams.get('sort')).toBeNull();
    expect(urls[1]!.searchParams.get('cursor')).toBe('2:5');
  });
});
