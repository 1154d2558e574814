/**
 * The floating alert button (spec §2): the site settings' `alerts.floatingAlertButton` link,
 * fixed at the bottom corner of every page while it is enabled and has a link, except on the
 * product-detail route (where the add-to-cart bar needs the space). The shopper can dismiss it
 * (UI state "floating menu visible", default true, spec §2).
 */
import { observer } from 'mobx-react-lite';
import { useMatches } from 'react-router';
import type { SiteSettings } from '../../shared/types';
import { useStores } from '../stores';
import { LinkTo } from './LinkTo';

/** Route ids where the button stays hidden (spec §2: the product-detail route). */
const HIDDEN_ON_ROUTES = new Set(['product']);

export const FloatingAlert = observer(function FloatingAlert({ alert }: { alert: SiteSettings['alerts']['floatingAlertButton'] }) {
  const { ui } = useStores();
  const matches = useMatches();
  if (!alert.enabled || !alert.link || !ui.floatingMenuVisible) return null;
  if (matches.some((m) => HIDDEN_ON_ROUTES.has(m.id))) return null;
  return (
    <aside className="floating-alert" aria-label="Announcement">
      <LinkTo link={alert.link} className="floating-alert__link" />
      <button type="button" className="icon-button floating-alert__close" aria-label="Dismiss" onClick={() => ui.hideFloatingMenu()}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
});
