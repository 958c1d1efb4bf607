import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AuditAction } from '../../../../contract/audit.ts';
import { restrictionNames } from '../../../../contract/accounts.ts';
import { call } from '../../../api/commandBus.ts';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { AuditDiff } from './AuditDiff.tsx';
import { auditActionName, auditSubjectKinds } from './auditLabels.ts';

type AuditLogProps = {
  userId?: string;
  action?: AuditAction;
  /** Hide the user column where every entry is about the same user. */
  showUser?: boolean;
};

/**
 * Audit entries, newest first, ten a page: who (name and role), what, about whom, why, and
 * the change as a readable diff. Give it a new `key` when the filter changes.
 */
export function AuditLog({ userId, action, showUser = true }: AuditLogProps) {
  const { t, i18n } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const [page, setPage] = useState(1);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/audit/list', { page, user_id: userId, action }, { silent }), [page]);
  const actionName = (name: string) => {
    const known = auditActionName(name);
    return known ? i18n._(known) : name;
  };
  const subject = (kind: string, id: string) => {
    const known = auditSubjectKinds[kind];
    return `${known ? i18n._(known) : kind} ${id}`;
  };
  // Snapshot fields read better by their names than by their wire keys; unknown keys stay as sent.
  const fieldNames: Record<string, string> = {
    name: t`Display name`,
    role: t`Role`,
    login: t`Login name`,
    active: t`Active`,
    status: t`Status`,
    code: t`Code`,
    institution_name: t`Issued for`,
    kind: t`Kind`,
    days: t`Days (IST)`,
    from: t`From (IST)`,
    to: t`To (IST)`,
  };
  const fieldName = (path: string) => {
    if ((restrictionNames as readonly string[]).includes(path)) return labels.restriction[path as (typeof restrictionNames)[number]];
    return Object.hasOwn(fieldNames, path) ? fieldNames[path]! : path;
  };
  return (
    <PagedTable
      label={t`Audit entries`}
      state={state}
      onRetry={reload}
      onPage={setPage}
      errorTitle={t`The audit log could not be loaded.`}
      emptyTitle={t`No audit entries`}
      rowKey={(entry) => entry.id}
      columns={[
        { header: t`When`, cell: (entry) => format.dateTime(entry.created_at) },
        {
          header: t`Staff`,
          cell: (entry) =>
            entry.staff_name ? (
              <span>
                {entry.staff_name}
                <br />
                <span className={styles.muted}>{entry.staff_role ? labels.role[entry.staff_role] : null}</span>
              </span>
            ) : (
              <span className={styles.muted}>{t`Server command line`}</span>
            ),
        },
        { header: t`Action`, cell: (entry) => <span data-testid="audit-action">{actionName(entry.action)}</span> },
        ...(showUser ? [{ header: t`User`, cell: (entry: { target_account: string | null }) => entry.target_account ?? '' }] : []),
        { header: t`Subject`, cell: (entry) => subject(entry.subject_kind, entry.subject_id) },
        { header: t`Reason`, cell: (entry) => entry.reason },
        { header: t`Change`, cell: (entry) => <AuditDiff before={entry.before} after={entry.after} fieldName={fieldName} /> },
      ]}
    />
  );
}
