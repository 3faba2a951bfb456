export const SHORTCUTS: ReadonlyArray<readonly [key: string, action: string]> = [
  ['j', 'Next result'],
  ['k', 'Previous result'],
  ['a', 'Accept the result'],
  ['e', 'Edit its text'],
  ['r', 'Reject it'],
  ['x', 'Select or unselect it (for "Reject selected")'],
];

/** The documented shortcuts, in a disclosure that stays closed until asked for. */
export function KeyboardShortcuts() {
  return (
    <details className="text-sm text-gray-800 dark:text-gray-100">
      <summary className="cursor-pointer font-medium text-blue-800 underline dark:text-blue-300">Keyboard shortcuts</summary>
      <p className="mt-2">They work while the focus is on a result (press Tab to reach one), never while you type in a text box.</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {SHORTCUTS.map(([key, action]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-gray-400 px-1.5 font-mono dark:border-gray-500">{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Where the keys type text: there a letter is the person's, not a shortcut. */
function typesText(target: HTMLElement): boolean {
  if (target.isContentEditable || target.closest('textarea, select')) return true;
  const input = target.closest('input');
  return input !== null && !['checkbox', 'radio', 'button', 'submit'].includes(input.type);
}

const ACTIONS: Record<string, string> = { a: 'accept', e: 'edit', r: 'reject', x: 'select' };

/**
 * The list's shortcuts, on the list only (so they are active only while a result has the focus,
 * as WCAG 2.1.4 allows single-key shortcuts): j/k move between cards, a/e/r/x press the focused
 * card's Accept, Edit, Reject and Select controls.
 */
export function onReviewShortcut(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  if (typesText(target)) return;
  const card = target.closest<HTMLElement>('[data-review-card]');
  if (!card) return;
  const key = event.key.toLowerCase();
  if (key === 'j' || key === 'k') {
    event.preventDefault();
    focusReviewCard(Number(card.dataset.reviewCard) + (key === 'j' ? 1 : -1));
    return;
  }
  const action = ACTIONS[key];
  const control = action ? card.querySelector<HTMLElement>(`[data-action="${action}"]`) : null;
  if (!control) return;
  event.preventDefault();
  control.click();
}

/** Moves the focus to a card by its position (nothing when there is none). */
export function focusReviewCard(index: number): void {
  document.querySelector<HTMLElement>(`[data-review-card="${index}"]`)?.focus();
}
