/** A rule with "or" between two ways to give the same input; decorative, so hidden from screen readers. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4" aria-hidden="true">
      <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
      <span className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300">or</span>
      <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
    </div>
  );
}
