import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { button, fullWidth } from '../../ui/ui.css.ts';
import { AuthTopBar } from './AuthTopBar.tsx';
import * as styles from './auth.css.ts';
import { isSignedIn } from './sessionStore.ts';

/** /login/start: the welcome screen with the two ways in. */
export function StartPage() {
  const navigate = useNavigate();

  useEffect(() => {
    // A signed-in user opening the app lands on Home, not on the welcome screen.
    if (isSignedIn()) void navigate({ to: '/home/index', replace: true });
  }, [navigate]);

  return (
    <div className={styles.page}>
      <AuthTopBar />
      <div className={styles.hero}>
        <h1 className={styles.title}>
          <Trans>Invest in India, with every rupee accounted for.</Trans>
        </h1>
        <ul className={styles.heroBullets}>
          <li className={styles.heroBullet}>
            <span className={styles.bulletIcon}>
              <Icon name="market" size={18} />
            </span>
            <Trans>Stocks, IPOs and copy trading in one place</Trans>
          </li>
          <li className={styles.heroBullet}>
            <span className={styles.bulletIcon}>
              <Icon name="shield" size={18} />
            </span>
            <Trans>Every balance backed by a visible ledger</Trans>
          </li>
          <li className={styles.heroBullet}>
            <span className={styles.bulletIcon}>
              <Icon name="headset" size={18} />
            </span>
            <Trans>Help from a real person, one tap away</Trans>
          </li>
        </ul>
      </div>
      <div className={styles.actions}>
        <Link to="/login/login" className={`${button.primary} ${fullWidth}`}>
          <Trans>Sign in</Trans>
        </Link>
        <Link to="/login/register" className={`${button.secondary} ${fullWidth}`}>
          <Trans>Create account</Trans>
        </Link>
      </div>
    </div>
  );
}
