import type { AltTextIssue } from '@altwise/shared';
import { F30, notAnAlternative } from './not-an-alternative';

export interface RuleInput {
  readonly altText: string;
  readonly trimmed: string;
  readonly context?: string;
  readonly maxLength: number;
  readonly isDecorative: boolean;
  readonly longDescription?: string;
}

export type QualityRule = (input: RuleInput) => AltTextIssue | undefined;

/** Lower case, punctuation dropped, whitespace collapsed: how a listener hears the text. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const issue = (id: string, severity: AltTextIssue['severity'], message: string): AltTextIssue => ({
  id,
  severity,
  message,
});

export const empty: QualityRule = ({ altText, isDecorative }) =>
  altText === '' && !isDecorative
    ? issue('empty', 'error', 'Alt text is empty; only decorative images should have an empty alt')
    : undefined;

export const whitespaceOnly: QualityRule = ({ altText, trimmed, isDecorative }) =>
  altText !== '' && trimmed === ''
    ? issue(
        'whitespace-only',
        isDecorative ? 'warning' : 'error',
        isDecorative
          ? 'Alt text contains only spaces; a decorative image should have a truly empty alt'
          : 'Alt text contains only spaces, which says nothing to a screen reader user',
      )
    : undefined;

export const tooLong: QualityRule = ({ trimmed, maxLength, longDescription }) => {
  if (trimmed.length <= maxLength) return undefined;
  if (trimmed.length > maxLength * 2 && !longDescription?.trim()) {
    return issue(
      'too-long',
      'error',
      `Alt text is ${trimmed.length} characters, more than twice the ${maxLength} limit; shorten it or move detail to a long description`,
    );
  }
  return issue(
    'too-long',
    'warning',
    `Alt text is ${trimmed.length} characters, longer than the ${maxLength} limit`,
  );
};

// A warning, not an error: the text still conveys the image, so SC 1.1.1 is met; the
// prefix only wastes the listener's time because screen readers already announce "image".
const REDUNDANT_PREFIX =
  /^(?:(?:an?|the|this)\s+)?(?:image|picture|photo|photograph|graphic|screenshot|illustration|pic)\s+(?:of|showing|depicting|shows)\b/i;
export const redundantPrefix: QualityRule = ({ trimmed }) =>
  REDUNDANT_PREFIX.test(trimmed)
    ? issue(
        'redundant-prefix',
        'warning',
        'Do not start with "image of" or similar: screen readers already announce an image',
      )
    : undefined;

const FILE_NAME =
  /^[^\s/\\]*[\w)-]\.(?:jpe?g|jfif|png|apng|gif|webp|avif|jxl|svgz?|bmp|tiff?|heic|heif|ico|psd|ai|eps|pdf|xcf|sketch|fig)$/i;
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|data:)\S*$/i;
export const fileName: QualityRule = ({ trimmed }) =>
  FILE_NAME.test(trimmed) ||
  URL_LIKE.test(trimmed) ||
  /^\S+\/\S+\.(?:jpe?g|png|gif|webp|avif|svg)$/i.test(trimmed)
    ? issue(
        'file-name',
        'error',
        `Alt text is a file name or URL, which does not describe the image (${F30})`,
      )
    : undefined;

const PLACEHOLDERS = new Set([
  'image',
  'img',
  'photo',
  'photograph',
  'picture',
  'pic',
  'graphic',
  'icon',
  'logo',
  'spacer',
  'placeholder',
  'untitled',
  'banner',
  'thumbnail',
  'blank',
  'none',
  'default',
  'todo',
  'tbd',
  'image placeholder',
  'placeholder image',
]);
export const placeholder: QualityRule = ({ trimmed }) => {
  const words = normalise(trimmed).replace(/^(?:an?|the)\s+/, '');
  return PLACEHOLDERS.has(words)
    ? issue(
        'placeholder',
        'error',
        `"${trimmed}" is a placeholder word, not a description of the image (${F30})`,
      )
    : undefined;
};

const PROGRAMMATIC = [
  /^(?:image|picture|photo|img|pic|figure|fig|graphic|screenshot|scan|untitled)[\s_.-]*\d+$/i,
  /^(?:img|dsc|dscn|dscf|dcim|pxl|mvimg|gopr|p)[\s_-]?\d{3,}(?:[\s_-]\w+)*$/i,
  /^[\d\s_.-]+$/,
  /^[0-9a-f]{16,}$/i,
];
export const programmaticReference: QualityRule = ({ trimmed }) =>
  PROGRAMMATIC.some((pattern) => pattern.test(trimmed))
    ? issue(
        'programmatic-reference',
        'error',
        `Alt text is a generated name or number (like "Image 12"), not a description (${F30})`,
      )
    : undefined;

export const allCaps: QualityRule = ({ trimmed }) => {
  const cased = [...trimmed].filter(
    (char) => /\p{L}/u.test(char) && char.toLowerCase() !== char.toUpperCase(),
  );
  return cased.length >= 6 && /\s/.test(trimmed) && cased.every((char) => char === char.toUpperCase())
    ? issue(
        'all-caps',
        'warning',
        'Alt text is in all capitals; some screen readers spell it out letter by letter',
      )
    : undefined;
};

const REPEATED = /(?<![\p{L}\p{N}])([\p{L}\p{N}]+)\s+\1(?![\p{L}\p{N}])/iu;
export const repeatedWords: QualityRule = ({ trimmed }) => {
  const match = REPEATED.exec(trimmed);
  return match ? issue('repeated-words', 'warning', `The word "${match[1]}" is repeated`) : undefined;
};

export const copiesContext: QualityRule = ({ trimmed, context }) => {
  if (!context?.trim()) return undefined;
  const alt = normalise(trimmed);
  const page = normalise(context);
  if (!alt) return undefined;
  const copied = alt === page || (alt.split(' ').length >= 5 && page.includes(alt));
  return copied
    ? issue(
        'copies-context',
        'warning',
        'Alt text repeats the surrounding context verbatim; describe what the image adds',
      )
    : undefined;
};

// ©, ® and ™ are pictographic in Unicode but are ordinary text in alt attributes.
const EMOJI = /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}/u;
export const emoji: QualityRule = ({ trimmed }) =>
  EMOJI.test(trimmed)
    ? issue('emoji', 'warning', 'Alt text contains emoji, which screen readers read out by name')
    : undefined;

/**
 * Every way of not being an alternative at all (WCAG F30), reported once: the most specific
 * class first (leftover code, template text, screenshot, camera, design-tool names), then the
 * general file-name, placeholder-word and generated-name rules.
 */
export const notAnAlternativeRule: QualityRule = (input) =>
  notAnAlternative(input.trimmed) ?? fileName(input) ?? placeholder(input) ?? programmaticReference(input);

export const RULES: readonly QualityRule[] = [
  empty,
  whitespaceOnly,
  tooLong,
  redundantPrefix,
  notAnAlternativeRule,
  allCaps,
  repeatedWords,
  copiesContext,
  emoji,
];
