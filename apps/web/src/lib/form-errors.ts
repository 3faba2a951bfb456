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
