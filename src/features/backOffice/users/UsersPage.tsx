import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { restrictionNames } from '../../../../contract/accounts.ts';
import { call } from '../../../api/commandBus.ts';
import { Button } from '../../../ui/widgets.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { accountStateTone, useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

/** /admin/users: everyone, newest first, or those whose mobile number starts with what was typed. */
export function UsersPage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const navigate = useNavigate();
  const list = useListState('');
  const [typed, setTyped] = useState('');
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/users/list', { page: list.page, query: list.filter || undefined }, { silent }), [list.page, list.filter]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter(typed.replace(/\D/g, '').slice(0, 10));
  };
  return (
    <>
      <form className={styles.toolbar} onSubmit={search} role="search">
        <label className={styles.field}>
          {t`Mobile number starts with`}
          <input className={styles.control} name="query" inputMode="numeric" maxLength={10} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <Button type="submit" variant="soft" className={styles.smallButton}>
          {t`Search`}
        </Button>
      </form>
      <PagedTable
        label={t`Users`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The users could not be loaded.`}
        emptyTitle={t`No users found`}
        rowKey={(row) => row.user_id}
        onOpen={(row) => void navigate({ to: '/admin/users/$userId', params: { userId: row.user_id } })}
        columns={[
          { header: t`Mobile number`, cell: (row) => row.account },
          { header: t`Institution`, cell: (row) => row.institution },
          { header: t`Invitation code`, cell: (row) => row.invitation_code },
          { header: t`VIP`, cell: (row) => (row.vip ? t`Yes` : t`No`) },
          {
            header: t`State`,
            cell: (row) => (
              <span className={styles.actions}>
                {row.state === 'active' ? <Badge tone="good">{labels.accountState.active}</Badge> : null}
                {restrictionNames
                  .filter((name) => row.restrictions[name])
                  .map((name) => (
                    <Badge key={name} tone={accountStateTone(name)}>
                      {labels.restriction[name]}
                    </Badge>
                  ))}
              </span>
            ),
          },
          { header: t`Registered`, cell: (row) => format.dateTime(row.created_at) },
        ]}
      />
    </>
  );
}
