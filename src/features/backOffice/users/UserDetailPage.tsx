import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Restrictions } from '../../../../contract/accounts.ts';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { statementLineSentence } from '../../../i18n/statementReasons.ts';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { AuditLog } from '../audit/AuditLog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { OpenEndedPager } from '../shared/Pager.tsx';
import { RowsTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { RestrictionSwitches } from './RestrictionSwitches.tsx';

type UserDetail = ResponseOf<'admin/users/detail'>;

/**
 * /admin/users/$userId: the profile, the restriction switches, the balances and ledger
 * statement (read-only: no screen edits money) and the audit entries about this user.
 */
export function UserDetailPage() {
  const { t } = useLingui();
  const { userId } = useParams({ strict: false }) as { userId: string };
  const [statementPage, setStatementPage] = useState(1);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/users/detail', { user_id: userId, statement_page: statementPage }, { silent }), [userId, statementPage]);
  // Restriction changes answer with the new switches; they replace the loaded ones at once.
  const [restrictions, setRestrictions] = useState<Restrictions | null>(null);
  useEffect(() => setRestrictions(null), [userId]);
  // A change writes an audit entry: the list below starts again from its first page to show it.
  const [auditVersion, setAuditVersion] = useState(0);
  return (
    <>
      <Link to="/admin/users" className={styles.muted}>
        ‹ <Trans>All users</Trans>
      </Link>
      <LoadStates state={state} onRetry={reload} errorTitle={t`This user could not be loaded.`} skeleton={<SkeletonRows count={4} />}>
        {(detail) => (
          <>
            <Profile detail={detail} />
            <RestrictionSwitches
              userId={userId}
              account={detail.user.account}
              restrictions={restrictions ?? detail.user.restrictions}
              onChanged={(next) => {
                setRestrictions(next);
                setAuditVersion((version) => version + 1);
                reload();
              }}
            />
            <Balances balances={detail.balances} />
            <Statement lines={detail.statement} page={statementPage} onPage={setStatementPage} />
          </>
        )}
      </LoadStates>
      <section className={styles.section} aria-label={t`Audit entries about this user`}>
        <h2 className={styles.sectionTitle}>
          <Trans>Audit entries about this user</Trans>
        </h2>
        <AuditLog key={`${userId}|${auditVersion}`} userId={userId} showUser={false} />
      </section>
    </>
  );
}

function Profile({ detail }: { detail: UserDetail }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const { user } = detail;
  return (
    <section className={styles.section} aria-label={t`Profile`}>
      <h2 className={styles.sectionTitle} data-testid="user-account">
        {user.account}
      </h2>
      <dl className={styles.facts}>
        <dt>{t`User ID`}</dt>
        <dd>{user.user_id}</dd>
        <dt>{t`Institution`}</dt>
        <dd>{user.institution}</dd>
        <dt>{t`Invitation code`}</dt>
        <dd>{user.invitation_code}</dd>
        <dt>{t`VIP`}</dt>
        <dd>{user.vip ? t`Yes` : t`No`}</dd>
        <dt>{t`State`}</dt>
        <dd>{labels.accountState[user.state]}</dd>
        <dt>{t`Registered`}</dt>
        <dd>{format.dateTime(user.created_at)}</dd>
      </dl>
    </section>
  );
}

function Balances({ balances }: { balances: UserDetail['balances'] }) {
  const { t } = useLingui();
  const format = useStaffFormat();
  return (
    <section className={styles.section} aria-label={t`Balances`}>
      <h2 className={styles.sectionTitle}>
        <Trans>Balances (read-only)</Trans>
      </h2>
      <dl className={styles.facts} data-testid="balances">
        <dt>{t`Cash`}</dt>
        <dd>{format.money(balances.cash)}</dd>
        <dt>{t`Available`}</dt>
        <dd>{format.money(balances.available)}</dd>
        <dt>{t`Frozen`}</dt>
        <dd>{format.money(balances.frozen)}</dd>
        <dt>{t`Total assets`}</dt>
        <dd>{format.money(balances.total_assets)}</dd>
      </dl>
    </section>
  );
}

function Statement({ lines, page, onPage }: { lines: UserDetail['statement']; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useLingui();
  const format = useStaffFormat();
  return (
    <section className={styles.section} aria-label={t`Ledger statement`}>
      <h2 className={styles.sectionTitle}>
        <Trans>Ledger statement (read-only)</Trans>
      </h2>
      {lines.length === 0 ? (
        <EmptyState icon="wallet" title={page === 1 ? t`No ledger postings yet` : t`No more postings`} />
      ) : (
        <RowsTable
          label={t`Ledger statement`}
          rows={lines}
          rowKey={(line) => line.transfer_id}
          columns={[
            { header: t`When`, cell: (line) => format.dateTime(line.created_at) },
            { header: t`Reason`, cell: (line) => statementLineSentence(line, i18n) },
            { header: t`Cash`, cell: (line) => format.signedMoney(line.cash_change, line.currency), numeric: true },
            { header: t`Available`, cell: (line) => format.signedMoney(line.available_change, line.currency), numeric: true },
            { header: t`Frozen`, cell: (line) => format.signedMoney(line.frozen_change, line.currency), numeric: true },
          ]}
        />
      )}
      <OpenEndedPager page={page} itemsOnPage={lines.length} onPage={onPage} />
    </section>
  );
}
