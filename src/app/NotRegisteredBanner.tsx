import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Icon } from '../ui/icons.tsx';
import * as styles from './shell.css.ts';
import { isRegisteredBroker, siteConfigState } from './siteConfigStore.ts';

/** Always visible unless the firm has a broker registration number: nobody may mistake paper trading for the market. */
export function NotRegisteredBanner() {
  const { values } = useSnapshot(siteConfigState);
  if (isRegisteredBroker(values)) return null;
  return (
    <div className={styles.banner} role="note">
      <Icon name="info" size={16} />
      <span>
        <Trans>Ledgerline is not a registered broker. Demo and paper trading only.</Trans>
      </span>
    </div>
  );
}
