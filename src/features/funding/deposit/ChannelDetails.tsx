import { Trans, useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { Icon } from '../../../ui/icons.tsx';
import { CopyRow } from '../CopyButton.tsx';
import * as styles from '../funding.css.ts';

export type DepositChannel = ResponseOf<'user/depositInfo'>['channels'][number];

/** The firm's collection account as the user types it into their bank app, each value with a copy button. */
export function ChannelDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useLingui();
  return (
    <section className={styles.card} aria-label={channel.name} data-testid="channel-details">
      <h2 className={styles.cardTitle}>{channel.name}</h2>
      <div>
        <CopyRow label={t`Bank`} value={channel.bank_name} />
        <CopyRow label={t`Account name`} value={channel.account_name} />
        <CopyRow label={t`Account number`} value={channel.account_no} />
        <CopyRow label={t`IFSC`} value={channel.ifsc} />
        <CopyRow label={t`Branch`} value={channel.branch} />
        {channel.upi_id ? <CopyRow label={t`UPI ID`} value={channel.upi_id} /> : null}
      </div>
      {channel.note ? <p className={styles.muted}>{channel.note}</p> : null}
      <PayTheFirmNote />
    </section>
  );
}

/** Said wherever payment details appear: the safeguard against an "advisor" asking for money. */
export function PayTheFirmNote() {
  return (
    <p className={styles.notice.info}>
      <Icon name="shield" size={18} />
      <span>
        <Trans>Always pay the firm's own account shown here, never a person. Nobody from Ledgerline will ask you to pay into a personal account or UPI ID.</Trans>
      </span>
    </p>
  );
}
