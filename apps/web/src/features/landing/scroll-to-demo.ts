import type { MouseEvent } from 'react';

/** "Try Demo": scroll to the demo section and move focus there (keyboard users land in it). */
export function scrollToDemo(event: MouseEvent<HTMLAnchorElement>): void {
  const demo = document.getElementById('demo');
  if (!demo) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  demo.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  demo.focus({ preventScroll: true });
  history.replaceState(history.state, '', '#demo');
}
