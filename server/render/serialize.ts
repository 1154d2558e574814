/**
 * JSON for embedding in an HTML <script> data block (`application/json`, `application/ld+json`).
 * `<`, `>` and `&` become \u escapes, so neither `</script>` nor `<!--` can end or confuse the
 * block, and U+2028/U+2029 are escaped for old JS parsers. `JSON.parse` restores the exact value.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(UNSAFE, (ch) => ESCAPES[ch]);
}

/** Escape text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
