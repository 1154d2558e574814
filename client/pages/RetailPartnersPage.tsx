/** /pages/retail-partners: the page and the shops that sell our flowers (their sites open in a new tab). */
import { ContentArticle } from '../components/ContentArticle';
import { useRouteData } from '../lib/route-data';

export function RetailPartnersPage() {
  const { page, partners } = useRouteData('retailPartners');
  return (
    <ContentArticle page={page}>
      <ul className="partners">
        {partners.map((partner) => (
          <li key={partner.key} className="partner">
            <h2 className="partner__name">
              {partner.url ? (
                <a href={partner.url} target="_blank" rel="noopener noreferrer">
                  {partner.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                partner.name
              )}
            </h2>
            {partner.neighborhood && <p className="partner__area">{partner.neighborhood}</p>}
          </li>
        ))}
      </ul>
    </ContentArticle>
  );
}
