import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { button } from '../../../ui/ui.css.ts';
import * as styles from '../market.css.ts';
import { EmptyState } from '../../../ui/LoadStates.tsx';

/**
 * The Forex tab. The API has no exchange rates yet, so this says so plainly and explains
 * how the foreign listings are priced, rather than showing made-up rates.
 */
export function ForexPanel() {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <EmptyState
        icon="globe"
        title={t`FX quotes are not available yet`}
        text={t`Ledgerline does not have exchange-rate data yet, so no currency pairs are quoted here.`}
        action={
          <Link to="/market/index" search={{ tab: 'featured' }} className={button.soft}>
            <Trans>See Korean and Thai listings</Trans>
          </Link>
        }
      />
      <section className={styles.section} aria-label={t`Currencies in this app`}>
        <h2 className={styles.sectionTitle}>
          <Trans>Currencies in this app</Trans>
        </h2>
        <p className={styles.sectionText}>
          <Trans>Indian stocks, ETFs and indices are priced in Indian rupees (₹, INR).</Trans>
        </p>
        <p className={styles.sectionText}>
          <Trans>Korean listings (KRX) are priced in Korean won (₩, KRW) and Thai listings (SET) in Thai baht (฿, THB). Their prices are shown in their own currency and are never converted to rupees, because no exchange rates are available.</Trans>
        </p>
      </section>
    </div>
  );
}
