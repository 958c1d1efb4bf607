import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { openCustomerService } from '../../app/customerService.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import * as styles from './home.css.ts';

type Shortcut = { label: string; icon: IconName; to: string };

/** The home tabs from the spec: each a door to a product area. */
export function HomeShortcuts() {
  const { t } = useLingui();
  const shortcuts: Shortcut[] = [
    { label: t`Hot crowd`, icon: 'flame', to: '/market/market' },
    { label: t`Chase area`, icon: 'rocket', to: '/market/marketTeshe' },
    { label: t`IPO subscription`, icon: 'ipo', to: '/home/newStock' },
    { label: t`Quant copy trading`, icon: 'quant', to: '/home/fllow' },
    // "Value storage" in the spec is stored value, i.e. topping up the account.
    { label: t`Top up`, icon: 'vault', to: '/information/recharge' },
  ];
  return (
    <nav className={styles.shortcuts} aria-label={t`Products`}>
      {shortcuts.map((shortcut) => (
        <Link key={shortcut.to} to={shortcut.to} className={styles.shortcut}>
          <span className={styles.shortcutIcon}>
            <Icon name={shortcut.icon} />
          </span>
          {shortcut.label}
        </Link>
      ))}
      <button type="button" className={styles.shortcut} onClick={() => openCustomerService()}>
        <span className={styles.shortcutIcon}>
          <Icon name="headset" />
        </span>
        <Trans>Customer service</Trans>
      </button>
    </nav>
  );
}
