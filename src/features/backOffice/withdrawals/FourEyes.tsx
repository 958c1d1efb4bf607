import { useLingui } from '@lingui/react/macro';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import type { WithdrawalRow } from './approvalStep.ts';

export function CardSummary({ card }: { card: WithdrawalRow['card'] }) {
  return (
    <span>
      {card.holder_name}
      <br />
      <span className={styles.muted}>
        {card.bank_name} · {card.account_no_masked} · {card.ifsc}
      </span>
    </span>
  );
}

/** "Needs a second approver" and who gave the first approval, when the amount is above the four-eyes limit (withdrawals and deposits). */
export function FourEyes({ row }: { row: Pick<WithdrawalRow, 'needs_second_approver' | 'first_approver'> }) {
  const { t } = useLingui();
  if (!row.needs_second_approver) return <span className={styles.muted}>{t`One approver`}</span>;
  return (
    <span data-testid="four-eyes">
      <Badge tone="warn">{t`Needs a second approver`}</Badge>
      {row.first_approver ? (
        <>
          <br />
          <span className={styles.muted}>{t`First approval: ${row.first_approver}`}</span>
        </>
      ) : null}
    </span>
  );
}
