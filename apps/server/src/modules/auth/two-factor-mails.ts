import type { ComposedMail } from '../mail';
import { composeMail } from '../mail';

export function twoFactorChangedMail(input: { firstName: string; enabled: boolean; settingsUrl: string }): ComposedMail {
  return composeMail({
    subject: `Two-factor sign-in was turned ${input.enabled ? 'on' : 'off'}`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      input.enabled
        ? 'Two-factor sign-in was just turned on for your Altwise account. Signing in now asks for a code from your authenticator app (or one of your recovery codes) after your password.'
        : 'Two-factor sign-in was just turned off for your Altwise account. Signing in now asks for your password only.',
    ],
    action: { label: 'Review your security settings', url: input.settingsUrl },
    closing: ['If this was not you, change your password at once and sign out everywhere from your settings.'],
  });
}

export function loginAlertMail(input: { firstName: string; at: Date; userAgent: string; address: string; settingsUrl: string }): ComposedMail {
  return composeMail({
    subject: 'New sign-in to your Altwise account',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'Your Altwise account was just signed in to from a browser or address it has not used in the last 90 days.',
      `When: ${input.at.toUTCString()}`,
      `Browser: ${input.userAgent}`,
      `Address: ${input.address}`,
    ],
    action: { label: 'Sign out everywhere', url: input.settingsUrl },
    closing: [
      'If this was you, there is nothing to do.',
      'If it was not, choose "Sign Out Everywhere" in your settings, change your password and turn on two-factor sign-in.',
      'You can turn these alerts off with "Login alerts" in your settings.',
    ],
  });
}
