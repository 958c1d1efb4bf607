import { Trans, useLingui } from '@lingui/react/macro';
import { call } from '../../../api/commandBus.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { kycStatusTone, useBackOfficeLabels } from '../shared/labels.ts';
import { ReviewButtons } from '../shared/ReviewButtons.tsx';
import { StaffImage } from '../shared/StaffImage.tsx';
import type { KycRow } from './KycQueuePage.tsx';

/** One submission as the reviewer checks it: the full ID number against both photos. */
export function KycSubmissionPanel({ row, onClose, onReviewed }: { row: KycRow; onClose: () => void; onReviewed: () => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  return (
    <section className={styles.panel} aria-label={t`KYC submission`}>
      <div className={styles.panelHeader}>
        <h2 className={styles.sectionTitle}>{row.name}</h2>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t({ message: 'Close', context: 'back office' })}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Mobile number</Trans>
        </dt>
        <dd>{row.account}</dd>
        <dt>
          <Trans>ID type</Trans>
        </dt>
        <dd>{labels.idType[row.id_type]}</dd>
        <dt>
          <Trans>ID number</Trans>
        </dt>
        <dd data-testid="id-number">{row.id_number}</dd>
        <dt>
          <Trans>Submitted</Trans>
        </dt>
        <dd>{format.dateTime(row.submitted_at)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <Badge tone={kycStatusTone[row.status]}>{labels.kycStatus[row.status]}</Badge>
        </dd>
        {row.reviewer ? (
          <>
            <dt>
              <Trans>Reviewed by</Trans>
            </dt>
            <dd>
              {row.reviewer}, {format.dateTime(row.reviewed_at)}
            </dd>
          </>
        ) : null}
        {row.reason ? (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{row.reason}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.photos}>
        <StaffImage uploadId={row.front_upload_id} label={t`ID front`} />
        <StaffImage uploadId={row.back_upload_id} label={t`ID back`} />
      </div>
      {row.status === 'under_review' ? (
        <ReviewButtons
          approve={{
            title: t`Approve this KYC submission?`,
            summary: <p className={styles.muted}>{t`${row.name} (${row.account}) becomes verified and may bind bank cards and withdraw.`}</p>,
            confirmLabel: t`Approve`,
            done: t`KYC approved`,
          }}
          reject={{
            title: t`Reject this KYC submission?`,
            summary: <p className={styles.muted}>{t`The user reads your reason and may submit again.`}</p>,
            confirmLabel: t`Reject`,
            done: t`KYC rejected`,
          }}
          send={(decision, reason) => call('admin/kyc/review', { id: row.id, decision, reason }, { silent: true })}
          onReviewed={onReviewed}
        />
      ) : null}
    </section>
  );
}
