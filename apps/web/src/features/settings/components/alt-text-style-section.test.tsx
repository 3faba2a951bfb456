import { DEFAULT_SETTINGS } from '@altwise/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AltTextStyleSection } from './alt-text-style-section';

describe('the alt text style section', () => {
  it('offers exactly the languages the checker has word lists for', () => {
    render(<AltTextStyleSection style={DEFAULT_SETTINGS.altText} saving={false} onChange={() => undefined} />);
    const options = within(screen.getByLabelText('Default language'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch', 'Polish', 'Turkish', 'Korean', 'Japanese', 'Chinese', 'Russian', 'Arabic', 'Hindi']);
    // Swedish has no word lists: nothing would check alt text written in it.
    expect(options).not.toContain('Swedish');
  });
});
