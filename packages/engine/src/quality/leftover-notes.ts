import { plain } from './text-forms';

/**
 * Notes a developer or editor left in the field ("TODO", "FIXME", "XXX", "changeme", "asdf",
 * "test") and alts made only of emoji. Neither is an alternative for the image (WCAG F30): the
 * first is read out as is, the second as emoji names ("red heart, red heart").
 */

const NOTES = new Set([
  'todo',
  'to do',
  'tbd',
  'tba',
  'tk',
  'wip',
  'fixme',
  'fix me',
  'xxx',
  'hack',
  'changeme',
  'change me',
  'change this',
  'replace me',
  'replace this',
  'foo',
  'foobar',
  'foo bar',
  'baz',
  'asdf',
  'asdfgh',
  'asdfghjkl',
  'qwerty',
  'qwertz',
  'azerty',
  'test',
  'testing',
  'test test',
  'testtest',
  'test image',
  'test photo',
  'test alt',
  'test alt text',
  'dummy',
  'dummy image',
  'dummy text',
  'sample',
  'sample image',
  'example',
  'example image',
  'temp',
  'tmp',
  'temporary',
  'blah',
  'blah blah',
  'abc123',
  'lorem',
  'n/a',
  'na',
]);
/** A note word opening the text: "TODO: describe", "fixme - wrong photo", "XXX check rights". */
const NOTE_OPENING = /^(?:todo|fixme|xxx|hack|tbd|wip|note to self)\s*[:\-–(]/i;
/** In capitals and followed by lower case or nothing ("TODO add names"; not Spanish "TODO INCLUIDO"). */
const SHOUTED_NOTE = /^(?:TODO|FIXME|XXX|HACK|TBD|WIP)(?:\s+(?=\p{Ll})|$)/u;
const NOTE_INSIDE = /(?<=\s|\()(?:TODO|FIXME)(?=\s*[:)]|$)|\blorem ipsum\b|\bdolor sit amet\b/iu;
/** "xxxx", "...", "???", "----": a key held down, not a text. */
const KEY_HELD = /^([xa.?*#_=~-])\1+$/i;

export function isDeveloperNote(trimmed: string): boolean {
  const form = plain(trimmed).replace(/[_]+/g, ' ');
  return (
    NOTES.has(form) ||
    NOTE_OPENING.test(trimmed) ||
    SHOUTED_NOTE.test(trimmed) ||
    NOTE_INSIDE.test(trimmed) ||
    KEY_HELD.test(trimmed.replace(/\s+/g, ''))
  );
}

// Pictographs, flags (regional indicator pairs), skin tones, joiners, variation selectors,
// keycaps and tag characters; ©, ® and ™ are ordinary text.
// (Joiners and combining marks are alternatives, not class members: they are tested one by one.)
const EMOJI_PART =
  /^(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]|\u200d|\ufe0f|\u20e3)$/u;
const HAS_EMOJI = /(?![\u00A9\u00AE\u2122])[\p{Extended_Pictographic}\p{Regional_Indicator}]|\u20e3/u;

/** Only emoji (and spaces or punctuation between them): "🐶", "🇫🇷", "🔥🔥🔥!", "👍🏽". */
export function isEmojiOnly(trimmed: string): boolean {
  if (!HAS_EMOJI.test(trimmed)) return false;
  const rest = [...trimmed.replace(/[#*0-9]\ufe0f?\u20e3/gu, '')].filter((char) => !EMOJI_PART.test(char));
  return rest.every((char) => /[\s\p{P}]/u.test(char));
}
