import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

type OutboxRow = ResponseOf<'admin/outbox/list'>['items'][number];

/** The sentence a message stands for: the outbox keeps a kind and its parameters, never prose. */
function MessageText({ row }: { row: OutboxRow }) {
  const params = (row.params ?? {}) as { code?: string; minutes?: number };
  const code = params.code ?? '';
  const minutes = params.minutes ?? 0;
  return (
    <span>
      <Trans>
        Password-reset code <strong data-testid="outbox-code">{code}</strong>, valid for {minutes} minutes
      </Trans>
    </span>
  );
}

/** /admin/outbox: in demo mode the messages the app would have sent by SMS are kept here instead. */
export function DemoOutboxPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const [page, setPage] = useState(1);
  const [recipient, setRecipient] = useState('');
  const filter = /^\d{10}$/.test(recipient.trim()) ? recipient.trim() : undefined;
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/outbox/list', { page, ...(filter ? { recipient: filter } : {}) }, { silent }), [page, filter]);
  return (
    <>
      <p className={styles.notice} data-testid="demo-outbox-notice">
        <Trans>
          Demo outbox: nothing here was sent. Without an SMS provider (demo mode), the messages users would receive by SMS are kept here so the demo can be
          used end to end. With a provider configured, messages go to it and this page stays empty.
        </Trans>
      </p>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          {t`Mobile number`}
          <input className={styles.control} name="recipient" inputMode="numeric" maxLength={10} value={recipient} onChange={(event) => setRecipient(event.target.value)} />
        </label>
      </div>
      <PagedTable
        label={t`Demo outbox`}
        state={state}
        onRetry={reload}
        onPage={setPage}
        errorTitle={t`The demo outbox could not be loaded.`}
        emptyTitle={t`No messages`}
        rowKey={(row) => row.id}
        columns={[
          { header: t`Time`, cell: (row) => format.dateTime(row.created_at) },
          { header: t`To`, cell: (row) => row.recipient },
          { header: t`Message`, cell: (row) => <MessageText row={row} /> },
        ]}
      />
    </>
  );
}
