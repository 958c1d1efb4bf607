import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { KefuButton } from '../../app/KefuButton.tsx';
import { Icon } from '../../ui/icons.tsx';
import { iconButton } from '../../ui/ui.css.ts';
import * as styles from './auth.css.ts';

/** The brand, a language switch (a visitor can change language before signing in) and customer service. */
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
      <KefuButton />
    </div>
  );
}
