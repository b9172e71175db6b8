import type { InboxMessage } from './inbox.queries';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Escaped text with every 8-digit code wrapped in <mark> so it stands out and copies alone. */
function withCodes(text: string): string {
  return escapeHtml(text).replace(/(?<!\d)(\d{8})(?!\d)/g, '<mark class="code">$1</mark>');
}

/**
 * An e-mail's HTML part as the recipient's client would show it, beside its text part. The frame
 * is sandboxed (no script, no form, no same-origin access) and its page has its own CSP.
 */
function htmlAndText(message: InboxMessage): string {
  const title = `HTML part of message ${message.id}`;
  return `<div class="parts">
<figure class="part"><figcaption>HTML</figcaption><iframe sandbox="" referrerpolicy="no-referrer" loading="lazy" title="${escapeHtml(title)}" src="/dev/inbox/${message.id}.html"></iframe></figure>
<figure class="part"><figcaption>Text</figcaption><pre>${withCodes(message.bodyText)}</pre></figure>
</div>`;
}

function messageItem(message: InboxMessage): string {
  const subject = message.subject ? withCodes(message.subject) : '(no subject)';
  return `<li class="message message-${message.status}">
<h2>${subject}</h2>
<p class="meta"><time datetime="${message.createdAt}">${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))} UTC</time>
· ${message.channel === 'sms' ? 'SMS' : 'e-mail'} · ${escapeHtml(message.edition)}${message.purpose ? ` · ${escapeHtml(message.purpose)}` : ''}
· to <a href="/dev/inbox?to=${encodeURIComponent(message.recipient)}">${escapeHtml(message.recipient)}</a>
· ${message.status}</p>
${message.hasHtml ? htmlAndText(message) : `<pre>${withCodes(message.bodyText)}</pre>`}
</li>`;
}

/**
 * The dev inbox as one server-rendered page: no script and no <style> element, so it runs under
 * the portal's strict CSP; its look comes from /dev/inbox.css.
 */
export function renderInboxPage(messages: InboxMessage[], to: string | undefined): string {
  const heading = to ? `Messages to ${escapeHtml(to)}` : 'Newest messages';
  const list = messages.length
    ? `<ol class="messages">${messages.map(messageItem).join('\n')}</ol>`
    : '<p class="empty">No messages yet. Codes sent by the portal appear here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev inbox · Vestibule</title>
<link rel="stylesheet" href="/dev/inbox.css">
</head>
<body>
<header>
<h1>Dev inbox</h1>
<p>E-mails and SMS the portal sent while no real transport is configured. Development only.</p>
<form method="get" action="/dev/inbox" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(to ?? '')}" placeholder="employee@demo.test or +32470000001">
<button type="submit">Filter</button>
<a href="/dev/inbox${to ? `?to=${encodeURIComponent(to)}` : ''}">Refresh</a>
${to ? '<a href="/dev/inbox">All messages</a>' : ''}
</form>
</header>
<main>
<h2 class="visually-hidden">${heading}</h2>
${list}
</main>
</body>
</html>
`;
}

export const INBOX_CSS = `
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 84rem; padding: 1rem; color: #1b1b1f; background: #f6f6f8; }
header form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
input { padding: .4rem; min-width: 18rem; }
.messages { list-style: none; padding: 0; }
.message { background: #fff; border: 1px solid #d0d0d7; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
.message h2 { font-size: 1.05rem; margin: 0 0 .25rem; }
.message-failed { border-color: #b00020; }
.meta { color: #4a4a55; font-size: .875rem; margin: 0 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; margin: 0; }
.code { font: 700 1.25rem ui-monospace, monospace; letter-spacing: .1em; background: #ffe680; color: #1b1b1f; padding: 0 .25rem; user-select: all; }
.parts { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; }
@media (max-width: 60rem) { .parts { grid-template-columns: minmax(0, 1fr); } }
.part { margin: 0; min-width: 0; }
.part figcaption { font-size: .75rem; font-weight: 700; text-transform: uppercase; color: #4a4a55; margin-bottom: .25rem; }
.part iframe { width: 100%; height: 42rem; border: 1px solid #d0d0d7; border-radius: .25rem; background: #fff; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
`;
