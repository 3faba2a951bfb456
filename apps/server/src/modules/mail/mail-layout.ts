import escapeHtml from 'escape-html';

/** What a message says; the layout turns it into plain text and simple, accessible HTML (English). */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a link with a text that says where it goes. */
  action?: { label: string; url: string };
  /** After the action: what to do if this was not you, when the link expires. */
  closing?: string[];
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}


const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';

export function composeMail(content: MailContent): ComposedMail {
  const { action } = content;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(content.closing ?? []),
    '— Altwise',
  ].join('\n\n');
  const paragraph = (body: string) => `<p style="${FONT}font-size:16px;line-height:1.5;color:#1f2937;margin:0 0 16px">${escapeHtml(body)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff">',
    `<h1 style="${FONT}font-size:22px;color:#111827;margin:0 0 16px">${escapeHtml(content.subject)}</h1>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    ...(action
      ? [
          `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="${FONT}display:inline-block;background:#1d4ed8;color:#ffffff;font-size:16px;font-weight:600;padding:12px 20px;border-radius:8px;text-decoration:underline">${escapeHtml(action.label)}</a></p>`,
          `<p style="${FONT}font-size:14px;line-height:1.5;color:#374151;margin:0 0 16px">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`,
        ]
      : []),
    ...(content.closing ?? []).map(paragraph),
    `<p style="${FONT}font-size:14px;color:#374151;margin:24px 0 0">— Altwise</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}
