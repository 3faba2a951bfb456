import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export const RESET_LINK_MINUTES = 30;

export function passwordResetMail(input: { firstName: string; link: string }): ComposedMail {
  return composeMail({
    subject: 'Reset your Altwise password',
    greeting: `Hello ${input.firstName},`,
    paragraphs: ['Someone asked to reset the password of your Altwise account. If it was you, choose a new password with this link.'],
    action: { label: 'Choose a new password', url: input.link },
    closing: [
      `The link works once, within ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export function passwordChangedMail(input: { firstName: string; how: 'reset' | 'changed'; signInUrl: string }): ComposedMail {
  return composeMail({
    subject: 'Your Altwise password was changed',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      input.how === 'reset'
        ? 'The password of your Altwise account was just reset with a link sent to this address. Every session was signed out.'
        : 'The password of your Altwise account was just changed from your profile. Every other session was signed out.',
    ],
    action: { label: 'Sign in to Altwise', url: input.signInUrl },
    closing: ['If this was not you, reset your password at once from the sign-in page ("Forgot password?") and review your API keys.'],
  });
}
