/** /pages/contact: the contact page with the shop's address, phone, email and hours. */
import { ContentArticle } from '../components/ContentArticle';
import { useRouteData } from '../lib/route-data';

/** `tel:` URL of a displayed US phone number: digits only, with the +1 prefix (spec §5). */
const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;

export function ContactPage() {
  const { page, contact } = useRouteData('contact');
  return (
    <ContentArticle page={page}>
      <dl className="contact-details">
        {contact.address && (
          <div>
            <dt>Visit</dt>
            <dd>
              <address>{contact.address}</address>
            </dd>
          </div>
        )}
        {contact.phone && (
          <div>
            <dt>Call</dt>
            <dd>
              {/* A phone number must not wrap at its space or hyphen. */}
              <a href={telHref(contact.phone)} style={{ whiteSpace: 'nowrap' }}>
                {contact.phone}
              </a>
            </dd>
          </div>
        )}
        {contact.email && (
          <div>
            <dt>Write</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
        )}
        {contact.hours && (
          <div>
            <dt>Hours</dt>
            <dd>{contact.hours}</dd>
          </div>
        )}
      </dl>
    </ContentArticle>
  );
}
