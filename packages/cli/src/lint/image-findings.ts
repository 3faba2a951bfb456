// What is wrong with one image's alt text, judged by the engine's checker (model-free, imported on its
// own so the lint path never loads sharp, tesseract or the model SDKs) in the image's language, with the
// link or button it names, plus what only the markup shows.
import type { AltTextIssue } from '@altwise/shared';
import { checkAltText } from '@altwise/engine/quality';
import type { FoundImage } from '../fill/found-image';
import { scanImgTags } from '../fill/tag-scanner';

export interface ImageIssue {
  ruleId: string;
  severity: 'error' | 'warning';
  message: string;
}

/** `role="presentation"`, `role="none"` or `aria-hidden="true"` on the tag: it asks to be skipped. */
export function hiddenBy(tagSource: string): string | undefined {
  const tag = scanImgTags(tagSource)[0];
  if (!tag) return undefined;
  for (const attr of tag.attrs) {
    const name = attr.name.toLowerCase();
    const value = (attr.value ?? '').trim().toLowerCase();
    if (name === 'role' && ['presentation', 'none'].includes(value.split(/\s+/)[0] ?? '')) return `role="${value}"`;
    // JSX writes it aria-hidden={true} or bare; HTML aria-hidden="true".
    if (name === 'aria-hidden' && (value === 'true' || (attr.value === null && attr.quote === null))) return 'aria-hidden="true"';
  }
  return undefined;
}

const thing = (image: FoundImage) => (image.purpose?.kind === 'button' ? 'button' : 'link');

export function imageIssues(image: FoundImage, source: string, fallbackLanguage: string | undefined): ImageIssue[] {
  const hidden = image.syntax === 'markdown' || !image.span ? undefined : hiddenBy(source.slice(image.span.start, image.span.end));
  const issues: ImageIssue[] = [];
  if (image.purpose && hidden) {
    issues.push({
      ruleId: 'hidden-link-content',
      severity: 'error',
      message: `The image is the only content of a ${thing(image)}, but ${hidden} hides it, so the ${thing(image)} has no accessible name (WCAG F89)`,
    });
  }
  const alt = image.alt;
  // An alt bound to an expression or a spread cannot be judged from the source.
  if (alt.state === 'unknown') return issues;
  if (alt.state === 'missing') {
    issues.push({
      ruleId: 'missing-alt',
      severity: 'error',
      message: image.purpose
        ? `The image has no alt text and is the only content of a ${thing(image)}: its alt text is the ${thing(image)}'s name (WCAG F65, F89)`
        : 'The image has no alt text: add a description, or alt="" if it is decorative (WCAG F65)',
    });
    return issues;
  }
  const verdict = checkAltText({
    altText: alt.state === 'present' ? alt.value : '',
    context: image.context,
    isDecorative: alt.state === 'empty' || hidden !== undefined,
    language: image.language ?? fallbackLanguage,
    purpose: image.purpose,
  });
  // hidden-link-content already says what is wrong with a hidden link image.
  const relevant = verdict.issues.filter((issue: AltTextIssue) => !(hidden && image.purpose && issue.id === 'purpose-not-named' && alt.state === 'empty'));
  for (const issue of relevant) issues.push({ ruleId: issue.id, severity: issue.severity === 'error' ? 'error' : 'warning', message: issue.message });
  return issues;
}
