import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../ui/icons.tsx';
import { Button, StatePanel } from '../ui/widgets.tsx';
import * as styles from './shell.css.ts';
import { loadSiteConfig, siteConfigState } from './siteConfigStore.ts';

export function Splash() {
  return (
    <div className={styles.splash} aria-busy="true">
      <div className={styles.splashMark} aria-hidden="true">
        L
      </div>
      <div className={styles.splashName}>Ledgerline</div>
    </div>
  );
}

/** The app starts only after the firm's configuration has arrived (spec §1). */
export function StartupGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { status, values } = useSnapshot(siteConfigState);

  useEffect(() => {
    if (siteConfigState.status !== 'ready') void loadSiteConfig();
  }, []);

  useEffect(() => {
    if (values.title) document.title = values.title;
  }, [values.title]);

  if (status === 'ready') return children;
  if (status === 'failed') {
    return (
      <div className={styles.splash}>
        <StatePanel
          icon={<Icon name="wifiOff" size={30} />}
          title={t`Ledgerline could not start`}
          text={t`We could not reach the server. Check your connection and try again.`}
          action={
            <Button onClick={() => void loadSiteConfig()}>
              <Icon name="refresh" size={18} />
              <Trans>Retry</Trans>
            </Button>
          }
        />
      </div>
    );
  }
  return <Splash />;
}
