/**
 * Site footer (spec §2): rich text, footer links, the newsletter card, and the legal line
 * "© {year} {siteTitle} · {attribution text}" (the separator only when there is an attribution).
 */
import { newYorkYear } from '../../shared/availability';
import type { SiteSettings } from '../../shared/types';
import { HOUR_MS, useNow } from '../lib/use-now';
import { LinkTo } from './LinkTo';
import { NewsletterCard } from './marketing/NewsletterCard';
import { RichText } from './RichText';

/** Between the copyright and the attribution: a visible break, read as a pause. */
const LEGAL_SEPARATOR = ' · ';

export function Footer({ settings }: { settings: SiteSettings }) {
  const { footer, siteTitle } = settings;
  // The year at the server's render time until the page has hydrated, then at the browser's
  // clock (a page served from the cache across New Year, a clock of the shopper's own). Read in
  // New York, where the shop is, as every date on the site (lib/format.ts formatDate): in the
  // zone of whichever side renders, a server in UTC and a shopper in New York would disagree
  // from 19:00 on New Year's Eve. New Year in New York is on the hour, so the hourly clock
  // turns the year on time.
  const year = newYorkYear(new Date(useNow(HOUR_MS)));
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <RichText value={footer.text} />
        </div>
        {footer.footerMenu.links.length > 0 && (
          <nav aria-label={footer.footerMenu.title ?? 'Footer'} className="site-footer__menu">
            {footer.footerMenu.title && <p className="site-footer__heading">{footer.footerMenu.title}</p>}
            <ul>
              {footer.footerMenu.links.map((link) => (
                <li key={link.key}>
                  <LinkTo link={link} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <NewsletterCard newsletter={settings.newsletter} />
      </div>
      <p className="site-footer__legal">
        © {year} {siteTitle}
        {footer.attributionText && (
          <>
            {LEGAL_SEPARATOR}
            <span className="site-footer__attribution">{footer.attributionText}</span>
          </>
        )}
      </p>
    </footer>
  );
}
