import { describe, expect, it } from 'vitest';
import type { CheckAltTextInput } from './quality-checker';
import { checkAltText } from './quality-checker';

const ids = (input: CheckAltTextInput) => checkAltText(input).issues.map((issue) => issue.id);
const severityOf = (input: CheckAltTextInput, id: string) =>
  checkAltText(input).issues.find((issue) => issue.id === id)?.severity;

const GOOD = 'Golden retriever catching a red frisbee in a park';

describe('checkAltText', () => {
  it('passes a good alt text with no issues', () => {
    expect(checkAltText({ altText: GOOD })).toEqual({ wcagCompliant: true, issues: [] });
  });

  describe('empty', () => {
    it('flags an empty alt as an error', () => {
      expect(severityOf({ altText: '' }, 'empty')).toBe('error');
      expect(checkAltText({ altText: '' }).wcagCompliant).toBe(false);
    });
    it('accepts an empty alt on a decorative image', () => {
      expect(checkAltText({ altText: '', isDecorative: true })).toEqual({ wcagCompliant: true, issues: [] });
    });
  });

  describe('whitespace-only', () => {
    it('flags spaces as an error', () => {
      expect(ids({ altText: '   ' })).toEqual(['whitespace-only']);
      expect(severityOf({ altText: ' \t ' }, 'whitespace-only')).toBe('error');
    });
    it('only warns on a decorative image, and does not fire on real text', () => {
      expect(severityOf({ altText: ' ', isDecorative: true }, 'whitespace-only')).toBe('warning');
      expect(ids({ altText: ` ${GOOD} ` })).not.toContain('whitespace-only');
    });
  });

  describe('too-long', () => {
    it('warns past maxLength and errs past twice it', () => {
      expect(severityOf({ altText: 'word '.repeat(30).trim(), maxLength: 125 }, 'too-long')).toBe('warning');
      expect(severityOf({ altText: 'word '.repeat(60).trim(), maxLength: 125 }, 'too-long')).toBe('error');
    });
    it('only warns past twice maxLength when a long description exists', () => {
      const input = {
        altText: 'word '.repeat(60).trim(),
        maxLength: 125,
        longDescription: 'Full data table…',
      };
      expect(severityOf(input, 'too-long')).toBe('warning');
      expect(checkAltText(input).wcagCompliant).toBe(true);
    });
    it('accepts text within maxLength', () => {
      expect(ids({ altText: GOOD, maxLength: 125 })).not.toContain('too-long');
      expect(ids({ altText: 'a'.repeat(40), maxLength: 40 })).not.toContain('too-long');
    });
  });

  describe('redundant-prefix', () => {
    it.each([
      'Image of a dog',
      'picture of a cat',
      'Photo of the team',
      'A photograph of Paris',
      'Graphic of sales',
    ])('warns on "%s"', (altText) => {
      expect(severityOf({ altText }, 'redundant-prefix')).toBe('warning');
      expect(checkAltText({ altText }).wcagCompliant).toBe(true);
    });
    it('accepts the words later in a sentence, and a screenshot saying it is one (the README: it tells the listener something)', () => {
      expect(ids({ altText: 'Screenshot of the settings page' })).not.toContain('redundant-prefix');
      expect(ids({ altText: 'A screenshot showing the new home page' })).not.toContain('redundant-prefix');
      expect(ids({ altText: 'Team photo of the 2024 volunteers' })).not.toContain('redundant-prefix');
      expect(ids({ altText: 'Imagery specialist at work' })).not.toContain('redundant-prefix');
    });
  });

  describe('file-name', () => {
    it.each([
      'hero-banner-final.png',
      'team-photo.psd',
      'https://cdn.example.com/a/b.png',
      'www.example.com/cat',
      'images/logo.svg',
    ])('flags "%s"', (altText) => {
      expect(severityOf({ altText }, 'file-name')).toBe('error');
    });
    it('accepts prose that mentions a format', () => {
      expect(ids({ altText: 'Chart comparing JPEG and PNG file sizes' })).not.toContain('file-name');
    });
  });

  describe('placeholder', () => {
    it.each([
      'image',
      'Photo',
      'picture',
      'graphic',
      'icon',
      'Logo',
      'spacer',
      'placeholder',
      'Untitled',
      'an image',
      'Image.',
    ])('flags "%s"', (altText) => {
      expect(severityOf({ altText }, 'placeholder')).toBe('error');
    });
    it('accepts a placeholder word inside a description', () => {
      expect(ids({ altText: 'Acme logo' })).not.toContain('placeholder');
      expect(ids({ altText: 'Settings icon, a gear' })).not.toContain('placeholder');
    });
  });

  describe('programmatic-reference', () => {
    it.each(['picture 1', 'Image 12', '0001', 'figure-3', '00012345'])('flags "%s"', (altText) => {
      expect(severityOf({ altText }, 'programmatic-reference')).toBe('error');
    });
    it('accepts numbers inside a description', () => {
      expect(ids({ altText: 'Runner number 1234 crossing the finish line' })).not.toContain(
        'programmatic-reference',
      );
      expect(ids({ altText: 'Apollo 11 lunar module' })).not.toContain('programmatic-reference');
    });
  });

  describe('all-caps', () => {
    it('warns on shouted text', () => {
      expect(severityOf({ altText: 'BIG SALE ON ALL SHOES TODAY' }, 'all-caps')).toBe('warning');
    });
    it('accepts acronyms in mixed case and single short words', () => {
      expect(ids({ altText: 'NASA astronaut on the ISS' })).not.toContain('all-caps');
      expect(ids({ altText: 'STOP' })).not.toContain('all-caps');
    });
  });

  describe('repeated-words', () => {
    it('warns on a doubled word', () => {
      expect(severityOf({ altText: 'A dog dog running on the beach' }, 'repeated-words')).toBe('warning');
      expect(severityOf({ altText: 'Sunset over the The sea' }, 'repeated-words')).toBe('warning');
    });
    it('accepts repeated words that are not adjacent', () => {
      expect(ids({ altText: 'A dog chasing another dog' })).not.toContain('repeated-words');
    });
  });

  describe('copies-context', () => {
    const context = 'Our new trail running shoe, the Falcon 2, weighs just 210 grams.';
    it('warns when the alt is the context, or a long verbatim part of it', () => {
      expect(severityOf({ altText: context, context }, 'copies-context')).toBe('warning');
      expect(severityOf({ altText: 'the Falcon 2, weighs just 210 grams', context }, 'copies-context')).toBe(
        'warning',
      );
    });
    it('accepts alt text that uses the context without copying it', () => {
      expect(ids({ altText: 'Falcon 2 trail shoe in orange, side view', context })).not.toContain(
        'copies-context',
      );
      expect(ids({ altText: GOOD })).not.toContain('copies-context');
    });
  });

  describe('emoji', () => {
    it('warns on emoji', () => {
      expect(severityOf({ altText: 'Birthday cake with candles 🎂' }, 'emoji')).toBe('warning');
    });
    it('accepts trademark and copyright signs', () => {
      expect(ids({ altText: 'Acme™ rocket skates, © 2024' })).not.toContain('emoji');
    });
  });

  describe('decorative-has-alt (WCAG F38, F39)', () => {
    it.each(['spacer', 'Decorative swirl', 'Ligne décorative', '装飾'])(
      'flags "%s" on an image marked decorative',
      (altText) => {
        const result = checkAltText({ altText, isDecorative: true });
        expect(severityOf({ altText, isDecorative: true }, 'decorative-has-alt')).toBe('error');
        expect(result.issues.find((issue) => issue.id === 'decorative-has-alt')?.message).toMatch(
          /alt="".*F39/,
        );
        expect(result.wcagCompliant).toBe(false);
      },
    );
    it('accepts an empty alt on a decorative image, and text on one that is not', () => {
      expect(ids({ altText: '', isDecorative: true })).toEqual([]);
      expect(ids({ altText: 'Decorative swirl' })).not.toContain('decorative-has-alt');
    });
  });

  describe('file names with spaces, brackets or a messaging app’s pattern', () => {
    it.each([
      ['Untitled (4).jpg', 'file-name'],
      ['team photo final v2.png', 'file-name'],
      ['Foto 12-03-2023.jpg', 'file-name'],
      ['hero-banner-final', 'file-name'],
      ['example.com/images/cat', 'file-name'],
      ['WhatsApp Image 2023-07-14 at 18.03.55.jpeg', 'camera-file-name'],
      ['WhatsApp Image 2023-07-14 at 18.03.55 (2)', 'camera-file-name'],
      ['Imagen de WhatsApp 2023-07-14 a las 18.03.55_1a2b3c4d.jpg', 'camera-file-name'],
      ['photo_2023-11-02_09-41-17.jpg', 'camera-file-name'],
      ['signal-2023-11-02-094117.jpg', 'camera-file-name'],
      ['FB_IMG_1699012345678.jpg', 'camera-file-name'],
      ['Bildschirmfoto vom 2024-03-01 10-22-31.png', 'screenshot-name'],
      ['Capture d’écran du 2024-02-01 12-00-00.png', 'screenshot-name'],
      ['Ekran Resmi 2024-03-01 10.22.31', 'screenshot-name'],
    ])('flags "%s"', (altText, id) => {
      expect(
        checkAltText({ altText })
          .issues.filter((issue) => issue.severity === 'error')
          .map((issue) => issue.id),
      ).toEqual([id]);
    });
    it('accepts a brand with a dot and a sentence about a messaging app', () => {
      expect(ids({ altText: 'Booking.com' })).toEqual([]);
      expect(ids({ altText: 'WhatsApp chat from 2023-05-01 showing the delivery time' })).toEqual([]);
    });
  });

  it('accepts names that repeat a word on purpose', () => {
    expect(ids({ altText: 'Dee Dee Bridgewater on stage' })).toEqual([]);
    expect(ids({ altText: 'Bora Bora lagoon from above' })).toEqual([]);
  });

  it('is compliant when only warnings remain and not when any error does', () => {
    expect(checkAltText({ altText: 'Image of a dog dog' }).wcagCompliant).toBe(true);
    expect(checkAltText({ altText: 'IMG_1234.jpg' }).wcagCompliant).toBe(false);
  });
});
