import { VALIDATION } from '@altwise/shared';
import { AppError } from '../../platform/errors';

/**
 * NIST SP 800-63B (5.1.1.2) asks new passwords to be checked against "commonly-used, expected, or
 * compromised" values. The list is zxcvbn-ts's `passwords-common` (@zxcvbn-ts/language-common, pinned):
 * about 49,000 of the most used passwords from public breach corpora, lower-cased, most frequent first.
 * It ships inside the package (no download), and is read on the first check, not at start-up.
 *
 * The comparison ignores case: "Password1" is as guessable as "password1". Sign-in never consults the
 * list, so an account whose password predates the rule still signs in.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function load(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}

/** A 400 on `field` (the request's own name for the new password) when the password is a common one. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw AppError.validationFailed([{ field, message: VALIDATION.passwordTooCommon }]);
}
