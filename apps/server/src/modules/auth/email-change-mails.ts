import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export const CONFIRM_LINK_HOURS = 24;
export const UNDO_LINK_DAYS = 7;

/** To the new address: the link that makes the change. */
export function emailChangeConfirmMail(input: { firstName: string; link: string }): ComposedMail {
  return composeMail({
    subject: 'Confirm your new Altwise email address',
    greeting: `Hello ${input.firstName},`,
    paragraphs: ['You asked to use this address to sign in to Altwise. Confirm it with this link; until then your account keeps its current address.'],
    action: { label: 'Confirm this address', url: input.link },
    closing: [
      `The link works once, within ${CONFIRM_LINK_HOURS} hours. Confirming signs your account out everywhere.`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ],
  });
}

/** To the old address, when the change is asked for: what was asked and how to stop or undo it. */
export function emailChangeNoticeMail(input: { firstName: string; newEmail: string; undoLink: string }): ComposedMail {
  return composeMail({
    subject: 'Your Altwise email address is being changed',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `Someone signed in to your Altwise account with its password asked to change its email address to ${input.newEmail}. It changes once the link sent to that address is followed.`,
      'If this was not you, undo it with this link: your account keeps (or gets back) this address and every session is signed out. Then choose a new password.',
    ],
    action: { label: 'Undo the email change', url: input.undoLink },
    closing: [`The undo link works once, within ${UNDO_LINK_DAYS} days. If it was you, ignore this message.`],
  });
}
