/** /membership: the membership page and its tiers (price per cadence, perks). */
import { ContentArticle } from '../components/ContentArticle';
import { formatMoney } from '../lib/format';
import { useRouteData } from '../lib/route-data';

export function MembershipPage() {
  const { page, tiers } = useRouteData('membership');
  return (
    <ContentArticle page={page}>
      {tiers.length > 0 && (
        <ul className="tiers">
          {tiers.map((tier) => (
            <li key={tier.key} className="tier">
              <h2 className="tier__name">{tier.name}</h2>
              {tier.price && (
                <p className="tier__price">
                  {formatMoney(tier.price)}
                  {tier.cadence && <span> / {tier.cadence}</span>}
                </p>
              )}
              <ul className="tier__perks">
                {tier.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </ContentArticle>
  );
}
