import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { iconButton } from '../../ui/ui.css.ts';
import * as styles from './auth.css.ts';

/** The brand and a language switch, so a visitor can change language before signing in. */
export function AuthTopBar() {
  const { t } = useLingui();
  return (
    <div className={styles.topBar}>
      <div className={styles.brandRow}>
        <div className={styles.brandMark} aria-hidden="true">
          L
        </div>
        <span className={styles.brandName}>Ledgerline</span>
      </div>
      <Link to="/information/changeLang" className={iconButton} aria-label={t`Language`}>
        <Icon name="globe" />
      </Link>
    </div>
  );
}
