import { DRAFT_LABEL } from '@altwise/shared';
import { FileWarning } from 'lucide-react';
import { Badge } from '@/components/badge';

/**
 * A draft (issue 19): no vision model looked at the image, so the result is never called WCAG
 * compliant. It shows this label instead of the compliance badge, with a plain explanation.
 */
export { DRAFT_LABEL };
export const DRAFT_EXPLANATION =
  'No vision model looked at this image: the text says only what could be measured (text read in the image, photo or graphic, colours). Check it against the image before you publish it.';

export function DraftBadge() {
  return (
    <Badge tone="amber">
      <FileWarning className="size-3.5" aria-hidden="true" />
      {DRAFT_LABEL}
    </Badge>
  );
}

export function DraftExplanation({ className }: { className?: string }) {
  return (
    <p data-testid="draft-explanation" className={className ?? 'text-sm text-gray-700 dark:text-gray-200'}>
      {DRAFT_EXPLANATION}
    </p>
  );
}
