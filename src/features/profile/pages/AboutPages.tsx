import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { isRegisteredBroker, siteConfigState } from '../../../app/siteConfigStore.ts';
import { SourceBadge } from '../../market/shared/SourceBadge.tsx';
import * as styles from '../profile.css.ts';
import { MoneyModeNotice, RegistrationNotice, useDemoMode } from './RegistrationNotice.tsx';
import { ChainRootsCard } from './ChainRoots.tsx';
import { StatementKey } from './StatementKey.tsx';

/** /information/aboutUs: what Ledgerline is, and what it is not. */
export function AboutUsPage() {
  return (
    <article className={styles.article}>
      <RegistrationNotice />
      <h2 className={styles.articleHeading}>
        <Trans>What Ledgerline is</Trans>
      </h2>
      <p className={styles.paragraph}>
        <Trans>
          Ledgerline is open-source software for trading and following Indian (NSE-style) equities from a phone: quotes, charts, a watchlist, orders and
          positions, deposits and withdrawals, all in rupees. Anyone can read its source code, run it and check how it works.
        </Trans>
      </p>
      <MoneyModeNotice />
      <h2 className={styles.articleHeading}>
        <Trans>Where prices come from</Trans>
      </h2>
      <p className={styles.paragraph}>
        <Trans>
          Live prices in this app come from a market simulator or from a replay of a recorded trading day, not from the exchange. Every screen with prices
          says which, as here:
        </Trans>
      </p>
      <SourceBadge />
      <p className={styles.paragraph}>
        <Trans>Charts may include real past daily prices published by NSE; the chart says up to which day the history is real.</Trans>
      </p>
      <h2 className={styles.articleHeading}>
        <Trans>How your money is kept</Trans>
      </h2>
      <p className={styles.paragraph}>
        <Trans>
          Every balance is the sum of entries in a double-entry ledger that cannot be edited. Staff cannot change a balance or a price; a correction is a new,
          visible entry with its reason. Everything staff do to your account is listed under Account activity.
        </Trans>
      </p>
      <AboutLinks />
    </article>
  );
}

/** /information/aboutInfo: the facts about this copy of the app, at a glance. */
export function AboutAppPage() {
  const { t } = useLingui();
  const { values } = useSnapshot(siteConfigState);
  const demo = useDemoMode();
  const title = values.title || 'Ledgerline';
  const rows = [
    { label: t`Service`, value: title, testId: 'about-title' },
    { label: t`Software`, value: t`Ledgerline, open source`, testId: 'about-software' },
    {
      label: t`Broker registration`,
      value: isRegisteredBroker(values) ? (values.broker_registration_number ?? '').trim() : t`Not a registered broker`,
      testId: 'about-registration',
    },
    { label: t`Money`, value: demo ? t`Demo mode: play money` : t`Not in demo mode`, testId: 'about-money' },
  ];
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <dl className={styles.details}>
          {rows.map((row) => (
            <div key={row.testId} style={{ display: 'contents' }}>
              <dt className={styles.detailLabel}>{row.label}</dt>
              <dd className={styles.detailValue} data-testid={row.testId}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Trans>Market data</Trans>
        </h2>
        <SourceBadge />
      </section>
      <StatementKey />
      <ChainRootsCard />
      <RegistrationNotice />
      <AboutLinks />
    </div>
  );
}

function AboutLinks() {
  return (
    <nav className={styles.card} style={{ gap: 12 }}>
      <Link to="/information/aboutUs" className={styles.inlineLink}>
        <Trans>About us</Trans>
      </Link>
      <Link to="/information/agreement" className={styles.inlineLink}>
        <Trans>User agreement</Trans>
      </Link>
      <Link to="/information/privacy" className={styles.inlineLink}>
        <Trans>Privacy policy</Trans>
      </Link>
      <Link to="/information/faq" className={styles.inlineLink}>
        <Trans>FAQ</Trans>
      </Link>
    </nav>
  );
}
