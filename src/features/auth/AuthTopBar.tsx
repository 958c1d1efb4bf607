import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { siteConfigState } from '../../app/siteConfigStore.ts';
import { KefuButton } from '../../app/KefuButton.tsx';
import { Icon } from '../../ui/icons.tsx';
import { iconButton } from '../../ui/ui.css.ts';
import * as styles from './auth.css.ts';

/** The brand (the firm's uploaded logo and title when staff set them), a language switch (a visitor can change language before signing in) and customer service. */
export function AuthTopBar() {
  const { t } = useLingui();
  const { values } = useSnapshot(siteConfigState);
  // Only the server's own logo address: the value is written by the back office's upload, never a free link.
  const logo = /^\/site\/logo\/\d+$/.test(values.logo ?? '') ? values.logo : null;
  return (
    <div className={styles.topBar}>
      <div className={styles.brandRow}>
        {logo ? (
          <img src={logo} alt="" className={styles.brandLogo} data-testid="site-logo" />
        ) : (
          <div className={styles.brandMark} aria-hidden="true">
            L
          </div>
        )}
        <span className={styles.brandName}>{values.title || 'Ledgerline'}</span>
      </div>
      <Link to="/information/changeLang" className={iconButton} aria-label={t`Language`}>
        <Icon name="globe" />
      </Link>
      <KefuButton />
    </div>
  );
}
