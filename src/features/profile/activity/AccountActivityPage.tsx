import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { listPageSize } from '../../../../contract/paging.ts';
import { call } from '../../../api/commandBus.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { ListFooter } from '../../../ui/ListFooter.tsx';
import { usePagedList } from '../../../ui/usePagedList.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../../ui/format.ts';
import * as styles from '../profile.css.ts';
import { auditActionLabels, changesOf, staffRoleLabels } from './auditLabels.ts';

type AuditPage = ResponseOf<'user/auditLog'>;
type AuditEntry = AuditPage['items'][number];

/** /information/index: every action staff took on the caller's account — who, what, when and why. */
export function AccountActivityPage() {
  const { t } = useLingui();
  const list = usePagedList<AuditEntry, AuditPage>(useCallback((page: number) => call('user/auditLog', { page }, { silent: true }), []), { pageSize: listPageSize, keyOf: (entry) => entry.id });
  const pullPx = usePullToRefresh(list.reload);

  if (list.state.status === 'loading') return <SkeletonRows count={5} />;
  if (list.state.status === 'failed') return <ErrorState title={t`Your account activity could not be loaded.`} onRetry={list.reload} />;
  const entries = list.state.data;
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <p className={styles.toolbar} style={{ margin: 0 }}>
        <Trans>Every change our staff make to your account is recorded here with who made it and why. Entries cannot be edited or deleted.</Trans>
      </p>
      {entries.length === 0 ? (
        <EmptyState
          icon="shield"
          title={t`No staff actions on your account`}
          text={t`If our staff ever change something on your account, such as a restriction, it appears here.`}
        />
      ) : (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <ListFooter list={list} />
        </>
      )}
    </div>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const action = auditActionLabels[entry.action] ? i18n._(auditActionLabels[entry.action]) : entry.action;
  const role = entry.staff_role ? i18n._(staffRoleLabels[entry.staff_role]) : null;
  const name = entry.staff_name ?? '';
  const reason = entry.reason;
  const changes = changesOf(entry.before, entry.after, i18n);
  return (
    <li className={styles.row} style={{ cursor: 'default' }} data-testid="activity-entry">
      <span className={styles.rowBody}>
        <strong className={styles.rowText}>{action}</strong>
        <span className={styles.rowMeta}>
          {role ? <Trans>By {role} {name}</Trans> : entry.action === 'user.password_reset' ? <Trans>By you</Trans> : <Trans>By the system</Trans>} · {formatIstDateTime(entry.created_at, locale)}
        </span>
        {reason ? <span className={styles.rowText}>{t`Reason: ${reason}`}</span> : null}
        {changes.map((change, index) => (
          <span key={index} className={styles.change} data-testid="activity-change">
            {change.field ? <span>{change.field}:</span> : null}
            <span>{change.before}</span>
            <span className={styles.changeArrow} aria-label={t`changed to`}>
              →
            </span>
            <span>{change.after}</span>
          </span>
        ))}
      </span>
    </li>
  );
}
