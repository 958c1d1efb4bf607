import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { KefuButton } from '../../app/KefuButton.tsx';
import { Icon } from '../../ui/icons.tsx';
import { session } from '../auth/sessionStore.ts';
import * as styles from './home.css.ts';

/** Avatar (to the profile) on the left, search and customer service on the right. */
export function HomeHeader() {
  const { t } = useLingui();
  const { account } = useSnapshot(session);
  return (
    <header className={styles.header}>
      <Link to="/information/mine_detail" className={styles.avatar} aria-label={t`Profile`}>
        <Icon name="user" />
      </Link>
      <div className={styles.greeting}>
        <span className={styles.greetingSmall}>
          <Trans>Welcome back</Trans>
        </span>
        <span className={styles.greetingName}>{account ? `+91 ${account}` : 'Ledgerline'}</span>
      </div>
      <Link to="/favorite/search" className={styles.headerAction} aria-label={t`Search`}>
        <Icon name="search" />
      </Link>
      <KefuButton />
    </header>
  );
}
