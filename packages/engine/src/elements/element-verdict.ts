// The one verdict on an element that needs a text alternative, given what the markup says of it:
// lint, fill, the page audit and the GitHub Action all ask here, so the same element can never be
// "missing" in one and "ok" in another. The wording of a name is judged by the quality checker.
import type { AltTextIssue, ImagePurpose } from '@altwise/shared';
import { checkAltText } from '../quality/quality-checker';
import type { AccessibleName } from './accessible-name';
import type { ElementKind } from './element-kinds';
import type { Presentation } from './presentation';

export const ELEMENT_VERDICTS = ['missing', 'decorative', 'poor', 'ok', 'unknown'] as const;
export type ElementVerdict = (typeof ELEMENT_VERDICTS)[number];

export interface TextAlternativeElement {
  readonly kind: ElementKind;
  readonly name: AccessibleName;
  readonly presentation: Presentation;
  /**
   * What it does: the link or button it is the only content of, an image button's action (H36),
   * an area's link (H24). Its name must say it.
   */
  readonly purpose?: ImagePurpose;
  /** Inside a link or button that has text of its own (an icon beside its words). */
  readonly besideText?: boolean;
  /** The text of the link, button or table cell it sits in, its own name aside (H2 redundancy). */
  readonly adjacentText?: string;
  readonly language?: string;
  /** Text around it (caption, paragraph), for the checker's copies-context rule. */
  readonly context?: string;
  /** Why the name cannot be read from the source (a JSX expression, a {...spread}); the verdict is then 'unknown'. */
  readonly unknown?: string;
}

export interface ElementJudgement {
  readonly verdict: ElementVerdict;
  readonly issues: readonly AltTextIssue[];
}

const CONTENT_NAMES: ReadonlySet<string | null> = new Set(['aria-labelledby', 'svg-title', 'object-content']);
const FUNCTIONAL_KINDS: ReadonlySet<ElementKind> = new Set(['input-image', 'area']);
const thing = (element: TextAlternativeElement) =>
  element.kind === 'area' ? 'image map area' : element.purpose?.kind === 'button' ? 'button' : 'link';

export const elementIssue = {
  missing: (element: TextAlternativeElement): AltTextIssue => ({
    id: 'missing-alt',
    severity: 'error',
    message: missingMessage(element),
  }),
  hiddenFunctional: (element: TextAlternativeElement): AltTextIssue => ({
    id: 'hidden-link-content',
    severity: 'error',
    message: `The image is the only content of a ${thing(element)}, but ${element.presentation === 'hidden' ? 'aria-hidden="true"' : 'role="presentation"'} hides it, so the ${thing(element)} has no accessible name (WCAG F89)`,
  }),
  redundant: (duplicate: string): AltTextIssue => ({
    id: 'redundant-with-text',
    severity: 'warning',
    message: `The text alternative repeats the text next to it ("${duplicate.slice(0, 80)}"): screen readers read it twice. Use alt="" or say what the image adds (WCAG H2)`,
  }),
};

function missingMessage(element: TextAlternativeElement): string {
  const what = thing(element);
  switch (element.kind) {
    case 'img':
      return element.purpose
        ? `The image has no alt text and is the only content of a ${what}: its alt text is the ${what}'s name (WCAG F65, F89)`
        : 'The image has no alt text: add a description, or alt="" if it is decorative (WCAG F65)';
    case 'input-image':
      return 'The image button has no alt text: its alt text is the button\'s name and must say what it does ("Search", "Submit order") (WCAG H36, F65)';
    case 'area':
      return 'The image map area has no alt text: its alt text is the link\'s name and must say where it goes (WCAG H24, F65)';
    case 'object':
      return 'The <object> has no text alternative: put one in its fallback content or aria-label (WCAG H53)';
    default:
      return element.purpose
        ? `The image is the only content of a ${what} and has no accessible name: give it aria-label or aria-labelledby naming the ${what}'s purpose (WCAG ARIA6, F89)`
        : 'The image has no accessible name: give it aria-label, aria-labelledby or (an <svg>) a <title>, or aria-hidden="true" if it only decorates (WCAG ARIA6, ARIA10)';
  }
}

const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function judgeElement(element: TextAlternativeElement): ElementJudgement {
  if (element.unknown) return { verdict: 'unknown', issues: [] };
  const functional = element.purpose !== undefined && (FUNCTIONAL_KINDS.has(element.kind) || !element.besideText);
  const { name } = element.name;
  const check = (altText: string) =>
    checkAltText({
      altText,
      // A name taken from text in the document (aria-labelledby, an <svg>'s <title>, an <object>'s
      // fallback) is that text by design: it cannot "copy" it.
      context: CONTENT_NAMES.has(element.name.source) ? undefined : element.context || undefined,
      // role="presentation" on an image with a name is F39's "decorative but has alt".
      isDecorative: element.presentation !== null || altText === '',
      language: element.language,
      purpose: functional ? element.purpose : undefined,
    }).issues;
  // A link or button with its own aria-label or title (the purpose's label) keeps that name when
  // its only image is decorative: F89 fails a link left nameless, not one named on the link itself.
  const nameless = functional && !(element.purpose?.label && !FUNCTIONAL_KINDS.has(element.kind));
  if (element.presentation === 'hidden' || (element.presentation === 'presentational' && !name)) {
    return nameless ? { verdict: 'missing', issues: [elementIssue.hiddenFunctional(element)] } : { verdict: 'decorative', issues: [] };
  }
  if (element.presentation === 'empty-alt') {
    // alt="" (H67) is decorative, unless it is all a link or button has: then it has no name.
    return nameless ? { verdict: 'missing', issues: check('') } : { verdict: 'decorative', issues: [] };
  }
  if (!name) {
    // An unnamed icon beside the text of its link or button adds nothing a reader misses.
    if (element.kind === 'svg' && element.besideText) return { verdict: 'decorative', issues: [] };
    return { verdict: 'missing', issues: [elementIssue.missing(element)] };
  }
  const issues = [...check(name)];
  const adjacent = element.adjacentText && comparable(element.adjacentText);
  if (adjacent && comparable(name) === adjacent) issues.push(elementIssue.redundant(element.adjacentText!));
  return { verdict: issues.some((issue) => issue.severity !== 'info') ? 'poor' : 'ok', issues };
}
