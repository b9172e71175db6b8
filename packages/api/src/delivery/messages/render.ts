import type { ReactElement } from 'react';
import { type ContextInput, type MessageContext, messageContext } from './context';
import type { Purpose } from './purposes';
import { smsText } from './sms';
import { TEMPLATES } from './templates';

export interface RenderedEmail {
  subject: string;
  preheader: string;
  bodyHtml: string;
  bodyText: string;
}

/** Headers never take a line break from a value (header injection); the subject is one line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * The text part, from the HTML itself so both say the same: headings keep their case, links are
 * written as their address after their label, and the preheader (already in the subject line of
 * most clients) is skipped.
 */
function textPart(toPlainText: ReactEmailRender['toPlainText'], html: string): string {
  return toPlainText(html, {
    selectors: [
      { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

type ReactEmailRender = typeof import('./react-email');
let renderer: Promise<ReactEmailRender> | undefined;

/** Renders the e-mail of a purpose: React Email to HTML, the text part from that HTML. */
export async function renderEmail<P extends Purpose>(input: ContextInput<P>): Promise<RenderedEmail> {
  // React's server renderer and html-to-text load with the first e-mail, not at start: a server
  // that sends none (or not yet) does not hold them (decision 0059; react-email.ts, 0061).
  renderer ??= import('./react-email');
  const { render, toPlainText } = await renderer;
  const m = messageContext(input);
  const template = TEMPLATES[input.purpose] as (m: MessageContext<P>) => ReactElement;
  const bodyHtml = await render(template(m));
  return {
    subject: oneLine(m.texts.subject),
    preheader: m.texts.preheader,
    bodyHtml,
    bodyText: textPart(toPlainText, bodyHtml),
  };
}

/** The SMS of a purpose: its one short line, without link (sms.ts). */
export function renderSms<P extends Purpose>(input: ContextInput<P>): { bodyText: string } {
  return { bodyText: smsText(messageContext(input).texts.sms) };
}
