// Whether assistive technology skips an element: hidden (aria-hidden="true" on it or an ancestor),
// or presentational (role="presentation"/"none", or an <img> with alt=""), both decorative by
// SC 1.1.1 (F38, H67). The ARIA conflict rule: a focusable element, or one with a global ARIA
// attribute, is not presentational whatever its role or alt says (browsers expose it anyway).
import type { AttributeLookup, ElementKind } from './element-kinds';
import { roleOf } from './element-kinds';

/** hidden: aria-hidden; presentational: role="presentation"/"none"; empty-alt: an <img> with alt="". */
export type Presentation = 'hidden' | 'presentational' | 'empty-alt' | null;

/** Global ARIA states and properties (WAI-ARIA 1.2), aria-hidden aside: it hides, it does not expose. */
const GLOBAL_ARIA = [
  'aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-details',
  'aria-disabled', 'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed', 'aria-haspopup',
  'aria-invalid', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns',
  'aria-relevant', 'aria-roledescription',
];

/** Focusable by nature (an image button, a link area) or by tabindex. */
function focusable(kind: ElementKind, attr: AttributeLookup): boolean {
  if (kind === 'input-image' && attr('disabled') === undefined) return true;
  if (kind === 'area') return true;
  return attr('tabindex') !== undefined;
}

export const isHiddenValue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

/** Whether a presentational marking would be overridden (the conflict rule). */
export function presentationConflicts(kind: ElementKind, attr: AttributeLookup): boolean {
  return focusable(kind, attr) || GLOBAL_ARIA.some((name) => attr(name) !== undefined);
}

export function presentationOf(kind: ElementKind, attr: AttributeLookup, ancestorHidden = false): Presentation {
  if (ancestorHidden || isHiddenValue(attr('aria-hidden'))) return 'hidden';
  const role = roleOf(attr);
  const marked = role === 'presentation' || role === 'none' ? 'presentational' : kind === 'img' && attr('alt') === '' ? 'empty-alt' : null;
  return marked && !presentationConflicts(kind, attr) ? marked : null;
}
