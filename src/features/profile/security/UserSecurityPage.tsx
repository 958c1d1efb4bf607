import { Trans, useLingui } from '@lingui/react/macro';
import { exitToSignIn } from '../../../app/navigation.ts';
import * as styles from '../profile.css.ts';
import { SecondFactorCard } from './SecondFactorCard.tsx';
import { SessionList } from './SessionList.tsx';

/** /information/signInSecurity: the second factor and the devices signed in to the account. */
export function UserSecurityPage() {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <SecondFactorCard />
      <section className={styles.card} aria-label={t`Signed-in devices`}>
        <h2 className={styles.cardTitle}>
          <Trans>Signed-in devices</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>End any session you do not recognise, then change your login password.</Trans>
        </p>
        <SessionList audience="user" onEndedCurrent={exitToSignIn} />
      </section>
    </div>
  );
}
