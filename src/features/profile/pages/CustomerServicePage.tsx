import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { openCustomerService } from '../../../app/customerService.ts';
import { siteConfigState } from '../../../app/siteConfigStore.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Button } from '../../../ui/widgets.tsx';
import { session } from '../../auth/sessionStore.ts';
import * as styles from '../profile.css.ts';
import { RegistrationNotice } from './RegistrationNotice.tsx';

const thisPage = '#/home/kefuCenter';

/**
 * /home/kefuCenter (public: a user who cannot sign in needs it most): the configured contact
 * link, the published hours, and where answers already are. The default configuration points
 * the contact link at this very page; then there is no other contact to offer, and it says so.
 */
export function CustomerServicePage() {
  const { t } = useLingui();
  const { values } = useSnapshot(siteConfigState);
  const { token } = useSnapshot(session);
  const link = (values.kefu ?? '').trim();
  const hasContact = link !== '' && link !== thisPage;
  const hours = (values.kefu_hours ?? '').trim();
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Trans>Talk to us</Trans>
        </h2>
        {hasContact ? (
          <Button block onClick={() => openCustomerService(link)} data-action="open-kefu">
            <Icon name="headset" size={20} />
            <Trans>Contact customer service</Trans>
          </Button>
        ) : (
          <p className={styles.muted} data-testid="no-contact">
            <Trans>This service has not configured a chat or contact link yet. Ask the advisor or institution that invited you.</Trans>
          </p>
        )}
        <p className={styles.muted} data-testid="kefu-hours">
          {hours ? <Trans>Hours: {hours}</Trans> : <Trans>Opening hours have not been published.</Trans>}
        </p>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Trans>Answers you may already have</Trans>
        </h2>
        <Link to="/information/faq" className={styles.inlineLink}>
          <Trans>Frequently asked questions: deposits, withdrawals, KYC, fees, orders</Trans>
        </Link>
        {token ? (
          <>
            <Link to="/information/msgInfo" className={styles.inlineLink}>
              <Trans>Your messages: results of reviews and reasons for restrictions</Trans>
            </Link>
            <Link to="/information/index" className={styles.inlineLink}>
              <Trans>Account activity: what staff changed on your account</Trans>
            </Link>
          </>
        ) : null}
      </section>
      <p className={styles.notice}>{t`Customer service never needs your password or fund password. Never share them, not even with us.`}</p>
      <RegistrationNotice />
    </div>
  );
}
