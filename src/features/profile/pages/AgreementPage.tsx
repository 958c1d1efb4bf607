import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as styles from '../profile.css.ts';
import { RegistrationNotice } from './RegistrationNotice.tsx';
import { Section } from './Section.tsx';

/**
 * /information/agreement (public: the registration form links to it). The terms of using
 * this copy of Ledgerline. It states only what the software does and what the operator's
 * configuration says; it claims no registration, licence or approval.
 */
export function AgreementPage() {
  return (
    <article className={styles.article}>
      <RegistrationNotice />
      <p className={styles.paragraph}>
        <Trans>
          These terms apply between you and the firm operating this copy of Ledgerline (the operator). Ledgerline itself is open-source software; by creating
          an account you accept these terms and the privacy policy.
        </Trans>
      </p>

      <Section title={<Trans>1. Your account</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            You need an invitation code from an institution or an advisor to register. The mobile number must be your own, and one person holds one account.
            Keep your password and fund password secret: anything done with them counts as done by you. If you think someone else has used them, change them
            and contact customer service at once.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>2. Demo mode and play money</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            In demo mode every balance, deposit, profit and loss is play money. It has no value outside the app and cannot be exchanged for real money. The
            app says on every screen when it is not run by a registered broker.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>3. Prices and orders</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Prices come from a market simulator or from a replay of a recorded trading day, and each screen says which. Orders are filled against those prices
            inside the app; they are not sent to a stock exchange. Before you confirm an order the app shows its margin, fees and taxes; the trading rules
            (lots, leverage, lock-up, automatic closing) are listed in the FAQ.
          </Trans>
        </p>
        <p className={styles.paragraph}>
          <Trans>
            Trading with leverage multiplies gains and losses. A position is closed automatically when its equity falls to the maintenance level, and you can
            lose all the margin you put into it. Nothing in the app is investment advice; rankings, news and analytics are for information only.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>4. Deposits and withdrawals</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Pay deposits only into the operator's own collection accounts shown in the app, never to a person, and keep the receipt. Withdrawals are paid only
            to a bank account in your own name, after your identity is verified, and follow the published rules: minimum amount, hours, and what you can
            withdraw.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>5. Restrictions</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            The operator may freeze an account, block sign-in, or bar trading or withdrawals, for example to prevent fraud or when the law requires it. Each
            restriction comes with a reason you can read in Messages and in Account activity, and it can be lifted the same way.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>6. Records</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Every movement of money is recorded in a ledger that cannot be edited; a mistake is corrected by a new entry with its reason. Every action staff
            take on your account is logged, and you can read the log under Account activity.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>7. Changes and contact</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            The operator may change these terms; the new version is shown here before it applies. Questions and complaints go to customer service, reachable
            from every screen.
          </Trans>
        </p>
        <p className={styles.paragraph}>
          <Link to="/information/privacy" className={styles.inlineLink}>
            <Trans>Read the privacy policy</Trans>
          </Link>
        </p>
      </Section>
    </article>
  );
}
