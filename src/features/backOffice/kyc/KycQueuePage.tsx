import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { kycSubmissionStatuses } from '../../../../contract/identity.ts';
import { call } from '../../../api/commandBus.ts';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { type KycSubmissionStatus, kycStatusTone, useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { queueRefreshMs, useStaffLoad } from '../shared/useStaffLoad.ts';
import { KycSubmissionPanel } from './KycSubmissionPanel.tsx';

export type KycRow = ResponseOf<'admin/kyc/list'>['items'][number];

/** /admin/kyc: real-name submissions, waiting ones first by default; a row opens the submission beside the list. */
export function KycQueuePage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const list = useListState<KycSubmissionStatus | 'all'>('under_review');
  const { state, reload } = useStaffLoad(
    ({ silent }) => call('admin/kyc/list', { page: list.page, status: list.filter === 'all' ? undefined : list.filter }, { silent }),
    [list.page, list.filter],
    { refreshEveryMs: queueRefreshMs },
  );
  const open = state.status === 'ready' ? state.data.items.find((row) => row.id === list.openId) : undefined;
  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect
          label={t`Status`}
          value={list.filter}
          onChange={list.setFilter}
          options={[{ value: 'all', label: t`All` }, ...kycSubmissionStatuses.map((status) => ({ value: status, label: labels.kycStatus[status] }))]}
        />
      </div>
      <div className={open ? styles.split : undefined}>
        <div>
          <PagedTable
            label={t`KYC submissions`}
            state={state}
            onRetry={reload}
            onPage={list.setPage}
            errorTitle={t`The KYC queue could not be loaded.`}
            emptyTitle={t`No KYC submissions`}
            rowKey={(row) => row.id}
            onOpen={(row) => list.setOpenId(row.id)}
            selectedKey={list.openId}
            columns={[
              { header: t`Submitted`, cell: (row) => format.dateTime(row.submitted_at) },
              { header: t`Mobile number`, cell: (row) => row.account },
              { header: t({ message: 'Name', context: 'person or channel' }), cell: (row) => row.name },
              { header: t`ID type`, cell: (row) => labels.idType[row.id_type] },
              { header: t`Status`, cell: (row) => <Badge tone={kycStatusTone[row.status]}>{labels.kycStatus[row.status]}</Badge> },
              { header: t`Reviewer`, cell: (row) => row.reviewer ?? '' },
            ]}
          />
        </div>
        {open ? (
          <KycSubmissionPanel
            key={open.id}
            row={open}
            onClose={() => list.setOpenId(null)}
            onReviewed={() => {
              list.setOpenId(null);
              reload();
            }}
          />
        ) : null}
      </div>
    </>
  );
}
