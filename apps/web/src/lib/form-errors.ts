/** The shape of a zod error we read (kept structural so this file does not import zod). */
interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first message per top-level field: { email: 'Email is required', … }. */
export function fieldErrors<K extends string>(error: IssueList): Partial<Record<K, string>> {
  const result: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && result[key] === undefined) result[key] = issue.message;
  }
  return result;
}

/** Moves focus to the first invalid field of a form (in document order). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The server's messages on the named fields of a 400 (`error.details`), e.g. a wrong current password. */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const details = (error as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return {};
  const found: Partial<Record<K, string>> = {};
  for (const detail of details as Array<{ field?: string; message?: string }>) {
    const field = fields.find((name) => name === detail?.field);
    if (field && detail.message && found[field] === undefined) found[field] = detail.message;
  }
  return found;
}
