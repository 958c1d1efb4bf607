import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { StatePanel } from '../../ui/widgets.tsx';
import { AuthTopBar } from './AuthTopBar.tsx';
import * as styles from './auth.css.ts';
import { clearSession } from './sessionStore.ts';

/** /login/reLogin: the session has expired; a token that no longer works is forgotten. */
export function ReLoginPage() {
  const { t } = useLingui();
  useEffect(() => clearSession(), []);
  return (
    <div className={styles.page}>
      <AuthTopBar />
      <div className={styles.hero}>
        <StatePanel
          icon={<Icon name="hourglass" size={30} />}
          title={t`Your session has expired`}
          text={t`For your security you were signed out. Sign in again to continue.`}
          action={
            <Link to="/login/login" className={button.primary}>
              <Trans>Sign in again</Trans>
            </Link>
          }
        />
      </div>
    </div>
  );
}
