/** The mobile menu (below 768px): every header link and the account link in one column; closes on route change. */
import { observer } from 'mobx-react-lite';
import type { SiteSettings } from '../../shared/types';
import { useStores } from '../stores';
import { AccountLink } from './AccountLink';
import { LinkTo } from './LinkTo';

export const MobileMenu = observer(function MobileMenu({ header }: { header: SiteSettings['header'] }) {
  const { ui } = useStores();
  const links = [
    ...(header.primaryHeaderLink ? [header.primaryHeaderLink] : []),
    ...header.headerMenu,
    ...header.headerMegaMenu.map((item) => item.link),
    ...header.rightHeaderMenu,
  ];
  return (
    <nav id="mobile-menu" className={`mobile-menu${ui.menuOpen ? ' is-open' : ''}`} aria-label="Mobile" hidden={!ui.menuOpen}>
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <LinkTo link={link} />
          </li>
        ))}
        <li>
          <AccountLink />
        </li>
      </ul>
    </nav>
  );
});
