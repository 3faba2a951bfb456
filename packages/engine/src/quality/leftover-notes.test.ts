import { describe, expect, it } from 'vitest';
import { checkAltText } from './quality-checker';

const errorsOf = (altText: string, language?: string) =>
  checkAltText({ altText, language })
    .issues.filter((issue) => issue.severity === 'error')
    .map((issue) => issue.id);

describe('developer-note (WCAG F30)', () => {
  it.each([
    'XXX',
    'HACK',
    'changeme',
    'CHANGE_ME',
    'change me',
    'FIXME',
    'TODO',
    'todo',
    'TBD',
    'WIP',
    'TODO: describe the product shot',
    'fixme - wrong photo',
    'Hero photo TODO',
    'Team photo (TODO: names)',
    'asdf',
    'qwerty',
    'foo',
    'test',
    'test image',
    'dummy image',
    'xxxx',
    '???',
    '...',
    'n/a',
    'Lorem ipsum dolor sit amet, consectetur',
    'Team photo, lorem ipsum',
  ])('flags "%s"', (altText) => {
    expect(errorsOf(altText)).toHaveLength(1);
    expect(errorsOf(altText)[0]).toMatch(/developer-note|template-text/);
  });

  it('names what it found and the technique', () => {
    const [issue] = checkAltText({ altText: 'FIXME' }).issues;
    expect(issue).toMatchObject({ id: 'developer-note', severity: 'error' });
    expect(issue?.message).toMatch(/note someone left.*WCAG F30/);
  });

  it.each([
    ['Todo el equipo celebrando en la oficina', 'es'],
    ['TODO INCLUIDO: cartel de un hotel de playa', 'es'],
    ['Todd Rundgren playing guitar on stage', 'en'],
    ['Hack Club volunteers teaching teenagers to solder', 'en'],
    ['Super Bowl XXX ticket stub from 1996', 'en'],
    ['Test tube rack with six blue samples', 'en'],
    ['Sample of blood under a microscope', 'en'],
    ['Changemakers summit stage', 'en'],
  ])('passes "%s"', (altText, language) => {
    expect(errorsOf(altText, language)).toEqual([]);
  });
});

describe('emoji-only (WCAG F30)', () => {
  it.each(['😀', '🇫🇷', '🔥🔥🔥', '🔥🔥🔥!', '👍🏽', '🏳️‍🌈', '👨‍👩‍👧‍👦', '❤️', '⭐ ⭐ ⭐', '1️⃣'])(
    'flags "%s" as the only error',
    (altText) => {
      const { issues, wcagCompliant } = checkAltText({ altText });
      expect(issues.map((issue) => issue.id)).toEqual(['emoji-only']);
      expect(wcagCompliant).toBe(false);
    },
  );

  it('only warns when words come with the emoji, and ignores ©, ® and ™', () => {
    expect(
      checkAltText({ altText: 'Birthday cake with candles 🎂' }).issues.map((issue) => issue.id),
    ).toEqual(['emoji']);
    expect(checkAltText({ altText: '™' }).issues.map((issue) => issue.id)).not.toContain('emoji-only');
    expect(checkAltText({ altText: '2024' }).issues.map((issue) => issue.id)).not.toContain('emoji-only');
  });
});
