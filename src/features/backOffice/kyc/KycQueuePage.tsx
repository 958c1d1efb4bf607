import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { kycSubmissionStatuses } from '../../../../contract/identity.ts';
import { call } from '../../../api/commandBus.ts';
import { ReviewQueuePage } from '../reviewQueue/ReviewQueuePage.tsx';
import {
  accountColumn,
  accountFact,
  type QueueDecisions,
  reasonFact,
  type ReviewQueue,
  reviewedByFact,
  statusColumn,
  statusFact,
} from '../reviewQueue/reviewQueue.ts';
import * as styles from '../shared/backOffice.css.ts';
import { type KycSubmissionStatus, kycStatusTone } from '../shared/labels.ts';

type KycRow = ResponseOf<'admin/kyc/list'>['items'][number];

/** A submission waiting for review: approving verifies the user, rejecting lets them submit again. */
function useKycDecisions(row: KycRow): QueueDecisions | null {
  const { t } = useLingui();
  if (row.status !== 'under_review') return null;
  return {
    approve: {
      title: t`Approve this KYC submission?`,
      summary: <p className={styles.muted}>{t`${row.name} (${row.account}) becomes verified and may bind bank cards and withdraw.`}</p>,
      confirmLabel: t`Approve`,
      done: t`KYC approved`,
    },
    reject: {
      title: t`Reject this KYC submission?`,
      summary: <p className={styles.muted}>{t`The user reads your reason and may submit again.`}</p>,
      confirmLabel: t`Reject`,
      done: t`KYC rejected`,
    },
    send: (decision, reason) => call('admin/kyc/review', { id: row.id, decision, reason }, { silent: true }),
  };
}

/** Real-name submissions; the reviewer checks the full ID number against both photos. */
const kycQueue: ReviewQueue<KycRow, KycSubmissionStatus> = {
  texts: { list: msg`KYC submissions`, loadFailed: msg`The KYC queue could not be loaded.`, empty: msg`No KYC submissions` },
  statuses: kycSubmissionStatuses,
  waitingStatus: 'under_review',
  statusLabels: (labels) => labels.kycStatus,
  statusTones: kycStatusTone,
  list: (query, options) => call('admin/kyc/list', query, options),
  columns: [
    { header: msg`Submitted`, cell: (row, { format }) => format.dateTime(row.submitted_at) },
    accountColumn(),
    { header: msg({ message: 'Name', context: 'person or channel' }), cell: (row) => row.name },
    { header: msg`ID type`, cell: (row, { labels }) => labels.idType[row.id_type] },
    statusColumn(),
    { header: msg`Reviewer`, cell: (row) => row.reviewer ?? '' },
  ],
  panel: {
    label: msg`KYC submission`,
    heading: (row) => row.name,
    facts: [
      accountFact(),
      { term: msg`ID type`, value: (row, { labels }) => labels.idType[row.id_type] },
      { term: msg`ID number`, value: (row) => row.id_number, testId: 'id-number' },
      { term: msg`Submitted`, value: (row, { format }) => format.dateTime(row.submitted_at) },
      statusFact(),
      reviewedByFact(),
      reasonFact(),
    ],
    images: [
      { label: msg`ID front`, uploadId: (row) => row.front_upload_id },
      { label: msg`ID back`, uploadId: (row) => row.back_upload_id },
    ],
  },
  useDecisions: useKycDecisions,
};

/** /admin/kyc: real-name submissions, waiting ones first by default; a row opens the submission beside the list. */
export function KycQueuePage() {
  return <ReviewQueuePage queue={kycQueue} />;
}
