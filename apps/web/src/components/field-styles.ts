/** Shared look of text inputs (TextField, PasswordField, selects of other screens). */
export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:border-blue-600 ' +
  'disabled:cursor-not-allowed disabled:bg-gray-100 read-only:bg-gray-50 ' +
  'dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 dark:focus-visible:ring-blue-400 ' +
  'dark:disabled:bg-gray-800 dark:read-only:bg-gray-800/60';

export const inputBorder = (invalid: boolean) =>
  invalid ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600';

export const labelClasses = 'block text-sm font-medium text-gray-800 dark:text-gray-200';
export const errorClasses = 'mt-1.5 text-sm text-red-700 dark:text-red-300';
export const hintClasses = 'mt-1.5 text-sm text-gray-600 dark:text-gray-300';
