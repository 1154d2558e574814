/**
 * The footer's newsletter card (spec §2 footer, §3 newsletter settings, §5, §8): optional
 * background photo (at width 400, spec §9), title, text and the sign-up form (email labelled
 * "Email*", phone). It posts to /api/newsletter with source "Footer" and the settings' list id.
 * Success replaces the form with the configured success text ("Thank You!" by default); a
 * failure shows the configured error text, else the server's message. Without a list id there
 * is nothing to subscribe to, and no card.
 */
import { MARKETING_LABELS as L, MARKETING_MESSAGES as M, NEWSLETTER_SOURCES } from '../../../shared/marketing';
import type { SiteSettings } from '../../../shared/types';
import { Picture } from '../Picture';
import { subscribeNewsletter } from './api';
import { SignupForm } from './SignupForm';
import type { SignupFieldSpec } from './use-signup-form';

/** Spec §9: the footer newsletter image width. */
export const NEWSLETTER_IMAGE_WIDTH = 400;

/** The newsletter fields (spec §5), shared with the popup. */
export function newsletterFields(emailPlaceholder: string | null): SignupFieldSpec<'email' | 'phoneNumber'>[] {
  return [
    { name: 'email', label: L.emailLabel, kind: 'email', required: true, placeholder: emailPlaceholder || L.emailPlaceholder },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone', placeholder: L.phonePlaceholder },
  ];
}

export function NewsletterCard({ newsletter }: { newsletter: SiteSettings['newsletter'] }) {
  const titleId = 'newsletter-footer-title';
  const listId = newsletter.klaviyoListId;
  if (!listId) return null;
  const photo = newsletter.newsletterPhoto;
  return (
    <section className={`newsletter-card${photo ? ' newsletter-card--photo' : ''}`} aria-labelledby={titleId}>
      {photo && <Picture picture={photo} sizes={`${NEWSLETTER_IMAGE_WIDTH}px`} alt="" className="newsletter-card__photo" />}
      <div className="newsletter-card__content">
        <h2 id={titleId} className="newsletter-card__title">
          {newsletter.newsletterTitle || 'Newsletter'}
        </h2>
        {newsletter.newsletterText && <p className="newsletter-card__text">{newsletter.newsletterText}</p>}
        <SignupForm
          idPrefix="newsletter-footer"
          fields={newsletterFields(newsletter.newsletterEmailPlaceholderText)}
          submitLabel={newsletter.newsletterButtonText || L.newsletterButton}
          pendingLabel="Signing up…"
          successMessage={newsletter.newsletterSuccessMessage || M.newsletterSuccess}
          errorMessage={newsletter.newsletterErrorMessage}
          send={({ email, phoneNumber }, honeypot) =>
            subscribeNewsletter({
              email,
              ...(phoneNumber ? { phoneNumber } : {}),
              honeypot,
              source: NEWSLETTER_SOURCES.footer,
              klaviyoListId: listId,
            })
          }
        />
      </div>
    </section>
  );
}
