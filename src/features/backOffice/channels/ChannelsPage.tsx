import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { listPageSize } from '../../../../contract/paging.ts';
import { call } from '../../../api/commandBus.ts';
import { Button } from '../../../ui/widgets.tsx';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useMayUse } from '../shared/access.ts';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { Pager } from '../shared/Pager.tsx';
import { RowsTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { ChannelEditor } from './ChannelEditor.tsx';

export type DepositChannel = ResponseOf<'admin/channels/list'>[number];

/** /admin/channels: the firm's own collection accounts users pay into; operators and admins edit them. */
export function ChannelsPage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const mayEdit = useMayUse('admin/channels/save');
  const [page, setPage] = useState(1);
  // null: closed; 'new': a new channel; otherwise the channel being edited.
  const [editing, setEditing] = useState<DepositChannel | 'new' | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/channels/list', {}, { silent }), []);
  return (
    <>
      {mayEdit ? (
        <div className={styles.toolbar}>
          <Button className={styles.smallButton} onClick={() => setEditing('new')}>
            <Trans>New channel…</Trans>
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t`Your role can see the channels but not change them.`}</p>
      )}
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`The deposit channels could not be loaded.`}
        skeleton={<SkeletonRows count={4} />}
        isEmpty={(channels) => channels.length === 0}
        empty={<EmptyState icon="vault" title={t`No deposit channels`} text={t`Users cannot deposit until a channel is active.`} />}
      >
        {(channels) => (
          // The server sends every channel at once (a handful); they are paged here like every other list.
          <>
            <RowsTable
              label={t`Deposit channels`}
              rows={channels.slice((page - 1) * listPageSize, page * listPageSize)}
              rowKey={(channel) => channel.id}
              columns={[
                { header: t({ message: 'Name', context: 'person or channel' }), cell: (channel) => <strong>{channel.name}</strong> },
                { header: t`Bank`, cell: (channel) => `${channel.bank_name}, ${channel.branch}` },
                { header: t`Account name`, cell: (channel) => channel.account_name },
                { header: t`Account number`, cell: (channel) => channel.account_no },
                { header: t`IFSC`, cell: (channel) => channel.ifsc },
                { header: t`UPI ID`, cell: (channel) => channel.upi_id ?? '' },
                { header: t`Status`, cell: (channel) => <Badge tone={channel.active ? 'good' : 'neutral'}>{labels.active(channel.active)}</Badge> },
                ...(mayEdit
                  ? [
                      {
                        header: t`Actions`,
                        cell: (channel: DepositChannel) => (
                          <Button variant="secondary" className={styles.smallButton} onClick={() => setEditing(channel)}>
                            {t`Edit…`}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <Pager page={page} total={channels.length} onPage={setPage} />
          </>
        )}
      </LoadStates>
      {editing ? (
        <ChannelEditor
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
