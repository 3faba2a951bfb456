import type { LegalDocumentName } from '@altwise/shared';

/** What the default texts state: the operator's numbers, as this instance applies them. */
export interface LegalFacts {
  retentionDays: number;
  cacheTtlDays: number;
  jobRetentionDays: number;
  operatorContact: string | null;
}

function contactLine(contact: string | null): string {
  if (!contact) return 'the operator of this Altwise instance (the person or organisation that gave you its address)';
  // An address becomes a mail link; anything else (a URL, a postal address) is shown as written.
  return /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(contact) ? `<${contact}>` : contact;
}

function privacy(facts: LegalFacts): string {
  return `# Privacy Policy

This instance of Altwise is run by ${contactLine(facts.operatorContact)}. This policy describes what the Altwise software stores on that operator's servers and for how long. The operator may keep other records (backups, web server logs) under their own policy.

## What is stored

- **Your account**: first and last name, email address, company (if given), plan and the date the account was created.
- **Secrets, never in readable form**: your password only as an argon2id hash; sign-in sessions and password-reset links only as keyed hashes (HMAC); API keys as a keyed hash and, so that you can see a key again, encrypted with the instance's key (AES-256-GCM). Each time a key is shown in full, the time and the network address are recorded for you.
- **Usage**: for every request, its time, outcome, response time and the number of images, kept for ${facts.retentionDays} days; hourly totals without any content are kept longer for the usage charts.
- **History**: the alt text generated for you, with the image's address or, for an uploaded image, a small preview (at most 160 pixels on its longest side), kept for ${facts.retentionDays} days.
- **Cached descriptions**: a description is kept under a fingerprint (hash) of the image and the options, so the same image is not sent to the model twice; an entry unread for ${facts.cacheTtlDays} days is deleted. The cache holds no image and no account.
- **Images**: an image is fetched or received, described and discarded. No image is kept beyond the small previews of your history.
- **Bulk jobs**: their rows, results and webhook deliveries are deleted ${facts.jobRetentionDays} days after the job ended.
- **Mail**: messages to you (password reset, password changed) wait in an outbox until sent; their content is encrypted there and erased once sent, and the record of the message is deleted 7 days later.
- **Settings** you choose in the app, and, if the operator sells paid plans through Stripe, your Stripe customer and subscription identifiers (card details never reach this server).

## Who else sees your images

To describe an image, Altwise sends a reduced copy of it to the AI provider the operator configured (for example OpenAI, Anthropic, Google, or a model the operator runs themselves). That provider's own terms apply to what it receives. With no provider configured, images are described on this server and sent nowhere.

## Your choices

You can change your details in your profile, sign out every session, and delete your account from Settings. Deleting the account removes it, its keys, sessions, history, settings and waiting mail at once; usage records are kept without your name or keys for the totals.

## Contact

Questions about this policy or your data: ${contactLine(facts.operatorContact)}.
`;
}

function terms(facts: LegalFacts): string {
  return `# Terms of Service

This instance of Altwise is run by ${contactLine(facts.operatorContact)} ("the operator"). By creating an account you agree to these terms.

## The service

Altwise writes alternative text for images, in the web app and through its API. Descriptions are produced by software and AI models and can be wrong: review them before you publish them, especially where accuracy matters.

## Your account

Keep your password and API keys secret; you are responsible for what is done with them. Tell the operator at once if you believe someone else has used your account. You can delete your account at any time from Settings.

## Acceptable use

Send only images you have the right to use. Do not use the service to break the law, to harm other people, or to overload or probe the service beyond its published limits. The operator may suspend an account that does.

## Plans and limits

Each plan has hourly and daily limits, shown in the app. Paid plans, where the operator offers them, are billed as shown at the time of purchase.

## Your data

What is stored, and for how long, is described in the [Privacy Policy](/privacy).

## No warranty

The service is provided as it is, without any warranty, to the extent the law allows. The operator may change these terms; the version shown here is the one in force.

## Contact

${contactLine(facts.operatorContact)}.
`;
}

export function defaultLegalMarkdown(document: LegalDocumentName, facts: LegalFacts): string {
  return document === 'terms' ? terms(facts) : privacy(facts);
}
