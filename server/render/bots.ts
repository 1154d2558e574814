/**
 * Crawler detection (spec §4: bots get the status without the error page) by `isbot`, a
 * maintained list of crawler and preview user agents. Headless Chromium counts as a bot, so
 * browser tests that look at error pages set a normal user agent.
 */
import { isbot } from 'isbot';

/** True when the User-Agent header names a known crawler, link previewer or headless browser. */
export function isBot(userAgent: string | undefined): boolean {
  return isbot(userAgent ?? null);
}
