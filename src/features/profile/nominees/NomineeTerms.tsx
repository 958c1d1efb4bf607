import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { nomineesPerUserMax } from '../../../../contract/profile.ts';
import { siteConfigState } from '../../../app/siteConfigStore.ts';
import * as styles from '../profile.css.ts';

/** The nomination terms the user accepts before a nominee is saved. */
export function NomineeTerms() {
  const { values } = useSnapshot(siteConfigState);
  return (
    <div className={styles.terms} data-testid="nominee-terms" tabIndex={0}>
      <p>
        <Trans>
          A nominee is a person you name to receive the holdings and money in your Ledgerline account if you die. Naming a nominee gives them no right to see or
          use your account while you are alive.
        </Trans>
      </p>
      <p>
        <Trans>
          You can name up to {nomineesPerUserMax} nominees. Each receives the share you set, in whole percent; together the shares may not exceed 100%. Any part you leave
          unassigned is dealt with under the law of succession that applies to you.
        </Trans>
      </p>
      <p>
        <Trans>
          You confirm that the details you enter are correct and that the nominee agrees to their name, ID number and mobile number being stored for this
          purpose. They are used only to identify the nominee and to contact them when a claim is made.
        </Trans>
      </p>
      <p>
        <Trans>
          You can add or remove nominees at any time; a change applies as soon as it is saved. A claim is paid only after the documents it needs (such as the
          death certificate and the nominee's proof of identity) have been checked.
        </Trans>
      </p>
      {values.demo_mode === '1' ? (
        <p>
          <Trans>This is a demo: the balances are play money, so a nomination here passes on nothing of real value.</Trans>
        </p>
      ) : null}
    </div>
  );
}
