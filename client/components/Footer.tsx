/**
 * Site footer (spec §2): rich text, footer links, the newsletter card, and the legal line
 * "© {year} {siteTitle} · {attribution text}" (the separator only when there is an attribution).
 */
import type { SiteSettings } from '../../shared/types';
import { LinkTo } from './LinkTo';
import { NewsletterCard } from './marketing/NewsletterCard';
import { RichText } from './RichText';

/** Between the copyright and the attribution: a visible break, read as a pause. */
const LEGAL_SEPARATOR = ' · ';

export function Footer({ settings }: { settings: SiteSettings }) {
  const { footer, siteTitle } = settings;
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
        © {new Date().getFullYear()} {siteTitle}
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
