import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { type StaffRole, staffLoginPattern, staffPasswordLengthMin, staffRoles } from '../../../../contract/staff.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { useStaffIdentity } from '../shared/access.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

type StaffRow = ResponseOf<'admin/staff/list'>['items'][number];

/** /admin/staff: back-office accounts. Never deleted (the audit log points at them): deactivated instead. */
export function StaffPage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const me = useStaffIdentity();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<StaffRow | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/staff/list', { page }, { silent }), [page]);
  const toggle = async (reason: string) => {
    if (!toggling) return;
    await call('admin/staff/setActive', { staff_id: toggling.staff_id, active: !toggling.active, reason }, { silent: true });
    showToast(toggling.active ? t`${toggling.name} deactivated` : t`${toggling.name} reactivated`, { tone: 'success' });
    setToggling(null);
    reload();
  };
  return (
    <>
      <div className={styles.toolbar}>
        <Button className={styles.smallButton} onClick={() => setCreating(true)}>
          <Trans>New staff account…</Trans>
        </Button>
      </div>
      <PagedTable
        label={t`Staff accounts`}
        state={state}
        onRetry={reload}
        onPage={setPage}
        errorTitle={t`The staff accounts could not be loaded.`}
        emptyTitle={t`No staff accounts`}
        rowKey={(row) => row.staff_id}
        columns={[
          { header: t`Login`, cell: (row) => <strong>{row.login}</strong> },
          { header: t({ message: 'Name', context: 'person or channel' }), cell: (row) => row.name },
          { header: t`Role`, cell: (row) => labels.role[row.role] },
          { header: t`Status`, cell: (row) => <Badge tone={row.active ? 'good' : 'neutral'}>{labels.active(row.active)}</Badge> },
          { header: t`Created`, cell: (row) => format.dateTime(row.created_at) },
          {
            header: t`Actions`,
            cell: (row) =>
              row.login === me.login ? (
                // The server refuses it too (staff_cannot_change_self): an admin cannot lock themselves out.
                <span className={styles.muted}>{t`This is you`}</span>
              ) : (
                <Button variant="secondary" className={styles.smallButton} onClick={() => setToggling(row)}>
                  {row.active ? t`Deactivate…` : t`Reactivate…`}
                </Button>
              ),
          },
        ]}
      />
      {toggling ? (
        <ActionDialog
          title={toggling.active ? t`Deactivate ${toggling.name} (${toggling.login})?` : t`Reactivate ${toggling.name} (${toggling.login})?`}
          summary={<p className={styles.muted}>{toggling.active ? t`Their sessions end at once and they can no longer sign in.` : t`They can sign in again with their password.`}</p>}
          confirmLabel={toggling.active ? t`Deactivate` : t`Reactivate`}
          danger={toggling.active}
          onConfirm={toggle}
          onClose={() => setToggling(null)}
        />
      ) : null}
      {creating ? (
        <CreateStaffDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function CreateStaffDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const [login, setLogin] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('reviewer');
  const [password, setPassword] = useState('');
  const loginValid = staffLoginPattern.test(login.trim().toLowerCase());
  const passwordValid = password.length >= staffPasswordLengthMin;
  const create = async (reason: string) => {
    const created = await call('admin/staff/create', { login: login.trim().toLowerCase(), name: name.trim(), role, password, reason }, { silent: true });
    showToast(t`Staff account ${created.login} created`, { tone: 'success' });
    onCreated();
  };
  return (
    <ActionDialog title={t`New staff account`} confirmLabel={t`Create account`} ready={loginValid && name.trim() !== '' && passwordValid} onConfirm={create} onClose={onClose}>
      <label className={styles.field}>
        {t`Login name`}
        <input className={styles.control} name="login" autoComplete="off" value={login} onChange={(event) => setLogin(event.target.value)} />
      </label>
      {login.trim() !== '' && !loginValid ? (
        <p className={styles.errorText}>{t`3 to 32 lower-case letters, digits, dots, dashes or underscores, starting with a letter.`}</p>
      ) : null}
      <label className={styles.field}>
        {t`Display name`}
        <input className={styles.control} name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <FilterSelect label={t`Role`} value={role} onChange={setRole} options={staffRoles.map((value) => ({ value, label: labels.role[value] }))} />
      <label className={styles.field}>
        {t`Initial password`}
        <input className={styles.control} name="password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      {password !== '' && !passwordValid ? <p className={styles.errorText}>{t`At least ${staffPasswordLengthMin} characters.`}</p> : null}
    </ActionDialog>
  );
}
