/**
 * `GET /__emulator/`: a small HTML page listing what the emulator recorded (list subscriptions,
 * back-in-stock subscriptions, events, the latest requests) and the fault in force. Every value
 * shown is HTML-escaped: the bodies come from whoever posted them.
 */
import type { Fault } from '../shared/faults';
import type { MarketingRecords } from './store';

/** Requests shown on the page, newest first (the JSON endpoint has them all). */
const SHOWN_REQUESTS = 50;

export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function table(caption: string, headers: string[], rows: unknown[][]): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n')
    : `<tr><td colspan="${headers.length}">None yet.</td></tr>`;
  return `<table><caption>${escapeHtml(caption)} (${rows.length})</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The whole page. */
export function recordsPage(records: MarketingRecords, fault: Fault): string {
  const faultText =
    fault.mode === 'none'
      ? 'none'
      : `${fault.mode}${fault.status ? ` ${fault.status}` : ''}${fault.retryAfterSeconds !== null ? `, Retry-After ${fault.retryAfterSeconds} s` : ''}${
          fault.remaining !== null ? `, ${fault.remaining} request(s) left` : ''
        }`;
  const sections = [
    table(
      'List subscriptions',
      ['list', 'email', 'phone', 'source', 'channels', 'subscribed', 'updated'],
      records.subscriptions.map((s) => [s.listId, s.email, s.phoneNumber, s.customSource, s.channels.join(', '), s.subscribedAt, s.updatedAt]),
    ),
    table(
      'Back-in-stock subscriptions',
      ['variant', 'email', 'phone', 'channels', 'subscribed', 'updated'],
      records.backInStock.map((s) => [s.variantId, s.email, s.phoneNumber, s.channels.join(', '), s.subscribedAt, s.updatedAt]),
    ),
    table(
      'Events',
      ['metric', 'profile', 'properties', 'unique id', 'time', 'source'],
      records.events.map((e) => [
        e.metric,
        e.profile.email ?? e.profile.phoneNumber ?? e.profile.externalId ?? e.profile.anonymousId,
        e.properties,
        e.uniqueId,
        e.time,
        e.source,
      ]),
    ),
    table(
      `Latest requests (newest first, at most ${SHOWN_REQUESTS})`,
      ['time', 'path', 'source', 'outcome', 'body'],
      records.requests
        .slice(-SHOWN_REQUESTS)
        .reverse()
        .map((r) => [r.time, r.path, r.source, r.outcome, r.body]),
    ),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Marketing emulator</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #222; }
table { border-collapse: collapse; margin: 1.5rem 0; width: 100%; }
caption { text-align: left; font-weight: 600; font-size: 1.1rem; padding-bottom: .4rem; }
th, td { border: 1px solid #ccc; padding: .3rem .5rem; text-align: left; vertical-align: top; }
td { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
</style>
</head>
<body>
<h1>Marketing emulator (Klaviyo-shaped, revision 2024-02-15)</h1>
<p>Fault in force: <strong>${escapeHtml(faultText)}</strong>. JSON: <a href="/__emulator/records">/__emulator/records</a>, <a href="/__emulator/faults">/__emulator/faults</a>.</p>
${sections.join('\n')}
</body>
</html>
`;
}
