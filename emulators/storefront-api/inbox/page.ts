/**
 * The local mail inbox as an HTML page, newest first: each message's subject (a heading), recipient,
 * time, its link and its text. Same frame and stylesheet as the checkout pages, no scripts,
 * everything escaped.
 */
import { html } from '../checkout/html';
import { layout } from '../checkout/layout';
import type { MailMessage } from '../mail';

const KIND_LABEL: Record<MailMessage['kind'], string> = {
  welcome: 'Account welcome',
  activation: 'Account invitation',
  'password-reset': 'Password reset',
};
/** What the mail's button says. */
const ACTION: Record<MailMessage['kind'], string> = {
  welcome: 'Go to your account',
  activation: 'Activate account',
  'password-reset': 'Reset password',
};

/** The inbox page; `to` is the recipient filter in effect (null for all mail). */
export function inboxPage(messages: MailMessage[], to: string | null, shopName: string, shopUrl: string): string {
  const heading = to ? `Mail to ${to}` : 'Inbox';
  const body = html`<h1>${heading}</h1>
<p class="muted">Mail the shop would have sent, kept here by the emulator (newest first).${to ? html` <a href="inbox">Show all mail</a>` : ''}</p>
${
  messages.length
    ? html`<ol class="mail-list">${messages.map(
        (m) => html`<li><article aria-labelledby="mail-${m.id}">
<h2 id="mail-${m.id}">${m.subject}</h2>
<dl><dt>To</dt><dd>${m.to}</dd><dt>Sent</dt><dd><time datetime="${m.sentAt}">${new Date(m.sentAt).toUTCString()}</time></dd>
<dt>Kind</dt><dd>${KIND_LABEL[m.kind]}</dd></dl>
<p><a class="button" href="${m.link}">${ACTION[m.kind]}<span class="visually-hidden"> (${m.to})</span></a></p>
<p class="mail-text">${m.text}</p></article></li>`,
      )}</ol>`
    : html`<p>No mail yet.</p>`
}`;
  return layout(heading, shopName, shopUrl, body, 'Local mail emulator: nothing is delivered.');
}
