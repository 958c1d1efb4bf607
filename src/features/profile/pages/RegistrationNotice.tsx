import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { isRegisteredBroker, siteConfigState } from '../../../app/siteConfigStore.ts';
import * as styles from '../profile.css.ts';

/**
 * What the firm running this copy of Ledgerline is, in its own configuration's words: not a
 * registered broker, unless the operator has configured a registration number, which is then
 * shown as configured. Nothing here claims a licence or an approval the configuration does not state.
 */
export function RegistrationNotice() {
  const { values } = useSnapshot(siteConfigState);
  const number = (values.broker_registration_number ?? '').trim();
  if (isRegisteredBroker(values)) {
    return (
      <p className={styles.notice} data-testid="registration-notice">
        <Trans>
          Broker registration number, as stated by the firm operating this service: {number}. You can check a registration number in SEBI's public register
          of intermediaries.
        </Trans>
      </p>
    );
  }
  return (
    <p className={styles.notice} data-testid="registration-notice">
      <Trans>
        Ledgerline is not a registered broker. No registration number has been configured for this service, so do not take it as licensed or approved by
        any regulator. Use it for demonstration and paper trading only.
      </Trans>
    </p>
  );
}

/** True when this copy runs in demo mode: every rupee in it is play money. */
export function useDemoMode(): boolean {
  const { values } = useSnapshot(siteConfigState);
  return values.demo_mode === '1';
}

/** A short line saying what the balances are worth in this mode. */
export function MoneyModeNotice() {
  const demo = useDemoMode();
  return (
    <p className={styles.paragraph}>
      {demo ? (
        <Trans>This copy runs in demo mode: every balance, deposit and profit in it is play money with no value outside the app.</Trans>
      ) : (
        <Trans>This copy is not in demo mode. Before you send money, make sure you know who operates it and on what licence.</Trans>
      )}
    </p>
  );
}
