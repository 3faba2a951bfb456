import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import type { Lexicon } from './languages';
import { isEmojiOnly } from './leftover-notes';
import { F30, notAnAlternative } from './not-an-alternative';
import { lowerForm, plain } from './text-forms';

export interface RuleInput {
  readonly altText: string;
  readonly trimmed: string;
  readonly context?: string;
  readonly maxLength: number;
  readonly isDecorative: boolean;
  readonly longDescription?: string;
  /** The word lists for the text's language (all of them when it is not known). */
  readonly lexicons: readonly Lexicon[];
  readonly language?: string;
  readonly purpose?: ImagePurpose;
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
// Each language has its own ("Immagine di…", "Afbeelding van…", "…の写真").
export const redundantPrefix: QualityRule = ({ trimmed, lexicons }) => {
  const form = plain(trimmed);
  return lexicons.some((lexicon) => lexicon.redundantOpenings.some((opening) => opening.test(form)))
    ? issue(
        'redundant-prefix',
        'warning',
        'Do not start with "image of" or similar: screen readers already announce an image',
      )
    : undefined;
};

export const IMAGE_EXTENSION =
  'jpe?g|jfif|png|apng|gif|webp|avif|jxl|svgz?|bmp|tiff?|heic|heif|ico|psd|ai|eps|pdf|xcf|sketch|fig';
// A name with its extension, spaces and brackets included ("Untitled (4).jpg", "team photo v2.png"),
// as long as it is short: a sentence that ends in ".png" is rare, a file name of seven words too.
const FILE_NAME = new RegExp(String.raw`^[^/\\]{0,80}[\p{L}\p{N})\]_-]\.(?:${IMAGE_EXTENSION})$`, 'iu');
// A scheme, "www." or a domain with a path ("example.com/images/cat"); a bare "Booking.com" is a name.
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|data:|[a-z0-9-]+(?:\.[a-z0-9-]+)+\/)\S*$/i;
/** "hero-banner-final", "team_photo_2023": a slug of three or more parts, all lower case. */
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+){2,}$/;
export const fileName: QualityRule = ({ trimmed }) =>
  (FILE_NAME.test(trimmed) && trimmed.split(/\s+/).length <= 6) ||
  URL_LIKE.test(trimmed) ||
  SLUG.test(trimmed) ||
  /^\S+\/\S+\.(?:jpe?g|png|gif|webp|avif|svg)$/i.test(trimmed)
    ? issue(
        'file-name',
        'error',
        `Alt text is a file name or URL, which does not describe the image (${F30})`,
      )
    : undefined;

export const PLACEHOLDERS: ReadonlySet<string> = new Set([
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
  'image placeholder',
  'placeholder image',
]);
const placeholderSets = new WeakMap<readonly Lexicon[], { words: Set<string>; articles: RegExp }>();
/** Every language's image words and placeholders, and the articles that may open them. */
function placeholdersOf(lexicons: readonly Lexicon[]) {
  let found = placeholderSets.get(lexicons);
  if (!found) {
    const words = new Set(PLACEHOLDERS);
    for (const lexicon of lexicons)
      for (const word of [...lexicon.imageWords, ...lexicon.placeholders]) words.add(word);
    const articles = lexicons
      .flatMap((lexicon) => lexicon.articles)
      .map((article) => article.replace(/'$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    found = { words, articles: new RegExp(`^(?:${articles.join('|')})(?:\\s+|')`, 'u') };
    placeholderSets.set(lexicons, found);
  }
  return found;
}
export const placeholder: QualityRule = ({ trimmed, lexicons }) => {
  const { words, articles } = placeholdersOf(lexicons);
  const form = plain(trimmed);
  const bare = form.replace(articles, '');
  return PLACEHOLDERS.has(normalise(trimmed).replace(/^(?:an?|the)\s+/, '')) ||
    words.has(form) ||
    words.has(bare)
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
  /^[\p{Nd}\s_.-]+$/u,
  /^[0-9a-f]{16,}$/i,
];
const numberedNames = new WeakMap<readonly Lexicon[], RegExp>();
/**
 * A kind of image and a number, in any language: "Immagine 3", "imagem 12", "이미지 3", "画像1",
 * "Рисунок 2", "صورة ٣", "Untitled design (3)", "Sans titre-1", "image (1)".
 */
function numberedName(lexicons: readonly Lexicon[]): RegExp {
  let found = numberedNames.get(lexicons);
  if (!found) {
    const names = lexicons
      .flatMap((lexicon) => [...lexicon.imageWords, ...lexicon.placeholders])
      .sort((a, b) => b.length - a.length)
      .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
    found = new RegExp(
      // …and maybe its place in a gallery: "Foto 3 di 5", "Bild 3 von 10", "Photo 2/7".
      String.raw`^(?:${names.join('|')})[\s_.#:-]*(?:(?:n[°º.o]?|nr\.?|no\.?|№|#)\s*)?(?:\(\p{Nd}+\)|\p{Nd}+(?:\s*\(\p{Nd}+\))?)(?:\s*(?:/|\p{L}{1,3})\s*\p{Nd}+)?$`,
      'u',
    );
    numberedNames.set(lexicons, found);
  }
  return found;
}
export const programmaticReference: QualityRule = ({ trimmed, lexicons }) =>
  PROGRAMMATIC.some((pattern) => pattern.test(trimmed)) ||
  numberedName(lexicons).test(lowerForm(trimmed).replace(/[.\s]+$/, ''))
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

const REPEATED = /(?<![\p{L}\p{N}])([\p{L}\p{N}]+)\s+(\1)(?![\p{L}\p{N}])/giu;
// Names say a word twice on purpose: "Dee Dee Bridgewater", "Bora Bora", "Duran Duran".
const isName = (first: string, second: string) => /^\p{Lu}/u.test(first) && /^\p{Lu}/u.test(second);
export const repeatedWords: QualityRule = ({ trimmed }) => {
  const match = [...trimmed.matchAll(REPEATED)].find(([, first, second]) => !isName(first!, second!));
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
  EMOJI.test(trimmed) && !isEmojiOnly(trimmed)
    ? issue('emoji', 'warning', 'Alt text contains emoji, which screen readers read out by name')
    : undefined;

/**
 * Every way of not being an alternative at all (WCAG F30), reported once: the most specific
 * class first (leftover code, template text, screenshot, camera, design-tool names), then the
 * general file-name, placeholder-word and generated-name rules.
 */
export const notAnAlternativeRule: QualityRule = (input) =>
  notAnAlternative(input.trimmed, input.lexicons) ??
  fileName(input) ??
  placeholder(input) ??
  programmaticReference(input);

/**
 * WCAG F38/F39: an image marked decorative must have alt="" so assistive technology skips it;
 * any text is read out. (An image that is the only content of a link or button is never
 * decorative: the purpose rule judges that one.)
 */
export const decorativeWithText: QualityRule = ({ trimmed, isDecorative, purpose }) =>
  isDecorative && trimmed !== '' && !purpose
    ? issue(
        'decorative-has-alt',
        'error',
        'The image is marked decorative but its alt text is not empty, so screen readers read it out; a decorative image takes alt="" (WCAG F38, F39)',
      )
    : undefined;

export const RULES: readonly QualityRule[] = [
  empty,
  whitespaceOnly,
  tooLong,
  redundantPrefix,
  notAnAlternativeRule,
  decorativeWithText,
  allCaps,
  repeatedWords,
  copiesContext,
  emoji,
];
