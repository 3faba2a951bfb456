// What is wrong with one element's text alternative: the engine's element model judges it (the same
// verdict the page audit gives), in the element's language, with the link or button it names. The
// model is model-free and imported on its own, so the lint path never loads sharp, tesseract or SDKs.
import type { AltTextIssue } from '@altwise/shared';
import { judgeElement } from '../elements';
import type { ElementVerdict } from '../elements';
import type { FoundImage } from './found-image';

export interface ImageIssue {
  ruleId: string;
  severity: 'error' | 'warning';
  message: string;
}

/** The element model's verdict on a found element, and its issues. */
export function judgeFound(image: FoundImage, fallbackLanguage: string | undefined): { verdict: ElementVerdict; issues: readonly AltTextIssue[] } {
  return judgeElement({
    kind: image.kind,
    name: image.name,
    presentation: image.presentation,
    purpose: image.purpose,
    besideText: image.besideText,
    adjacentText: image.adjacentText,
    language: image.language ?? fallbackLanguage,
    context: image.context,
    unknown: image.unknownName,
  });
}

export function imageIssues(image: FoundImage, fallbackLanguage: string | undefined): ImageIssue[] {
  return judgeFound(image, fallbackLanguage).issues.map((issue) => ({
    ruleId: issue.id,
    severity: issue.severity === 'error' ? 'error' : 'warning',
    message: issue.message,
  }));
}
