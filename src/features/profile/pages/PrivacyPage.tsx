import { Trans } from '@lingui/react/macro';
import * as styles from '../profile.css.ts';
import { Section } from './Section.tsx';
import { RegistrationNotice } from './RegistrationNotice.tsx';

/**
 * /information/privacy (public, added to the spec's routes: registration asks users to accept
 * it). What the software stores about a user, who can see it and for how long. It describes
 * what the code does and nothing it does not.
 */
export function PrivacyPage() {
  return (
    <article className={styles.article}>
      <RegistrationNotice />
      <p className={styles.paragraph}>
        <Trans>
          This policy explains what this copy of Ledgerline stores about you, why, and who can see it. The firm operating it (the operator) is responsible for
          your data.
        </Trans>
      </p>

      <Section title={<Trans>What we store</Trans>}>
        <ul className={styles.bulletList}>
          <li>
            <Trans>Your mobile number and your password, stored only as a one-way hash (argon2id) that cannot be turned back into the password.</Trans>
          </li>
          <li>
            <Trans>Identity verification: your name, PAN or Aadhaar number and the photos of your ID.</Trans>
          </li>
          <li>
            <Trans>Your bank accounts, deposits, withdrawals, orders, positions and every ledger entry of your money.</Trans>
          </li>
          <li>
            <Trans>Your nominees' names, relationships, ID numbers, mobile numbers and shares, which you enter with their agreement.</Trans>
          </li>
          <li>
            <Trans>Your profile photo, messages to you, daily check-ins, search history and failed sign-in attempts (to stop password guessing).</Trans>
          </li>
        </ul>
      </Section>

      <Section title={<Trans>Why</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Only to run your account: to verify who you are, to move and record your money, to protect the account from misuse and to keep the records the law
            asks for. Your data is not sold and not used for advertising, and the app contains no advertising trackers.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>Who can see it</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            You, and the operator's staff whose role needs it: reviewers check identity documents, deposits and withdrawals; operators manage restrictions.
            Every staff action on your account is logged, and you can read that log under Account activity. Your photos are served only to you and to staff.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>Photos</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Every image you upload is checked and saved again without its hidden metadata, such as where and with which phone it was taken.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>How long</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            Records of money and trades cannot be deleted: they are kept for as long as the law requires the operator to keep them. A nominee you remove is
            deleted; other data is kept while your account is open and then for as long as the law requires.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>On your device</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            The app keeps your sign-in session and your language choice in your browser's storage. Signing out removes the session from this device.
          </Trans>
        </p>
      </Section>

      <Section title={<Trans>Your choices</Trans>}>
        <p className={styles.paragraph}>
          <Trans>
            You can change your photo and your nominees at any time in the app. To get a copy of your data, correct it, or ask for what the law allows to be
            deleted, contact customer service.
          </Trans>
        </p>
      </Section>
    </article>
  );
}
