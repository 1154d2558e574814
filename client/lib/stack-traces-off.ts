/**
 * Evaluated for its effect, by ./react-dom-client.ts only, right before React DOM's client module:
 * removes `Error.stackTraceLimit` so that the Error objects React DOM creates while its module is
 * evaluated (its sentinel exceptions, never shown) capture no stack. Where an inspector has the
 * DevTools `Runtime` domain enabled (Lighthouse, Playwright, DevTools), capturing one makes V8
 * re-parse every script and function on the stack for their source positions, React DOM's whole
 * chunk and its CommonJS wrapper: about 30 ms of main-thread work (ADR-0029 decision 10). V8
 * captures no frames while `Error.stackTraceLimit` is not a number (`= 0` does not do: the
 * inspector's own limit still applies). Browsers without the property (Firefox) are left as they are.
 */
const saved = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
if (saved?.configurable) delete (Error as { stackTraceLimit?: number }).stackTraceLimit;

/** Puts `Error.stackTraceLimit` back as it was (./react-dom-client.ts, once React DOM is evaluated). */
export function restoreStackTraces(): void {
  if (saved?.configurable) Object.defineProperty(Error, 'stackTraceLimit', saved);
}
