import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export const VERIFY_LINK_HOURS = 48;

/** To the address an account was registered with: the link that proves it. */
export function emailVerificationMail(input: { firstName: string; link: string }): ComposedMail {
  return composeMail({
    subject: 'Confirm your email address for Altwise',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'An Altwise account was created with this address. Confirm that it is yours with this link; until then we send it nothing but this confirmation and password resets.',
    ],
    action: { label: 'Confirm my address', url: input.link },
    closing: [
      `The link works once, within ${VERIFY_LINK_HOURS} hours. A new one can be asked for on your profile page.`,
      'If you did not create this account, ignore this message: nothing more is sent to you.',
    ],
  });
}
