import type { AltTextIssue, AuditImage } from '@altwise/shared';
import { checkAltText } from '@altwise/engine';
import type { FoundImage } from './page-images';

export const FUNCTIONAL_EMPTY: AltTextIssue = {
  id: 'functional-image-no-name',
  severity: 'error',
  message: 'This image is the only content of a link or button, so its alt text must say where the link goes or what the button does (WCAG G94, F89)',
};

export const MISSING_NAME: AltTextIssue = {
  id: 'missing-alt',
  severity: 'error',
  message: 'This image has no text alternative: screen readers announce it without saying what it shows',
};

export const MISSING_FUNCTIONAL_NAME: AltTextIssue = {
  ...FUNCTIONAL_EMPTY,
  id: 'missing-alt',
};

/**
 * missing: nothing to announce (or decorative markup on the only content of a link or button);
 * decorative: hidden on purpose; poor: the quality checker has an error or a warning; ok otherwise.
 */
export function verdictOf(image: FoundImage): Pick<AuditImage, 'verdict' | 'issues'> {
  const functional = image.context.link?.soleContent === true;
  if (image.markedDecorative) {
    return functional ? { verdict: 'missing', issues: [FUNCTIONAL_EMPTY] } : { verdict: 'decorative', issues: [] };
  }
  if (!image.accessibleName) {
    // An unnamed inline icon beside the text of its link or button adds nothing a reader misses.
    if (image.kind === 'svg' && image.context.link && !functional) return { verdict: 'decorative', issues: [] };
    return { verdict: 'missing', issues: [functional ? MISSING_FUNCTIONAL_NAME : MISSING_NAME] };
  }
  const context = [image.context.figcaption, image.context.paragraph].filter(Boolean).join(' ');
  const checked = checkAltText({ altText: image.accessibleName, context: context || undefined });
  const issues = checked.issues.filter((issue) => issue.severity !== 'info');
  return { verdict: issues.length > 0 ? 'poor' : 'ok', issues: checked.issues };
}

/** What the describer is told about the image's surroundings, most telling first, within 2000 characters. */
export function suggestionContext(pageTitle: string | null, image: AuditImage): string {
  const { link, figcaption, heading, paragraph } = image.context;
  const lines: string[] = [];
  if (link?.soleContent) {
    const target = link.href ? ` to ${link.href}` : '';
    lines.push(`This image is the only content of a ${link.element === 'a' ? `link${target}` : 'button'}: describe its action or destination, not its looks.`);
  }
  if (figcaption) lines.push(`Caption: ${figcaption}`);
  if (heading) lines.push(`Section heading: ${heading}`);
  if (paragraph) lines.push(`Nearby text: ${paragraph}`);
  if (pageTitle) lines.push(`Page title: ${pageTitle}`);
  return lines.join('\n').slice(0, 2000);
}
