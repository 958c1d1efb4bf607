import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { invitationCodePattern, invitationKinds } from '../../../../contract/backOffice.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { type InvitationKind, useBackOfficeLabels } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

type InvitationRow = ResponseOf<'admin/invitations/list'>['items'][number];

/** /admin/invitations: the codes institutions and advisors hand out; new users register with one. */
export function InvitationsPage() {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const format = useStaffFormat();
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [toggling, setToggling] = useState<InvitationRow | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/invitations/list', { page }, { silent }), [page]);

  const toggle = async (reason: string) => {
    if (!toggling) return;
    await call('admin/invitations/setActive', { code: toggling.code, active: !toggling.active, reason }, { silent: true });
    showToast(toggling.active ? t`Code ${toggling.code} deactivated` : t`Code ${toggling.code} activated`, { tone: 'success' });
    setToggling(null);
    reload();
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Button className={styles.smallButton} onClick={() => setIssuing(true)}>
          <Trans>Issue a code…</Trans>
        </Button>
      </div>
      <PagedTable
        label={t`Invitation codes`}
        state={state}
        onRetry={reload}
        onPage={setPage}
        errorTitle={t`The invitation codes could not be loaded.`}
        emptyTitle={t`No invitation codes`}
        rowKey={(row) => row.code}
        columns={[
          { header: t`Code`, cell: (row) => <strong>{row.code}</strong> },
          { header: t`Issued for`, cell: (row) => row.institution_name },
          { header: t`Kind`, cell: (row) => labels.invitationKind[row.kind] },
          { header: t`Users`, cell: (row) => row.users, numeric: true },
          { header: t`Status`, cell: (row) => <Badge tone={row.active ? 'good' : 'neutral'}>{labels.active(row.active)}</Badge> },
          { header: t`Issued`, cell: (row) => format.dateTime(row.created_at) },
          {
            header: t`Actions`,
            cell: (row) => (
              <Button variant="secondary" className={styles.smallButton} onClick={() => setToggling(row)}>
                {row.active ? t`Deactivate…` : t`Activate…`}
              </Button>
            ),
          },
        ]}
      />
      {toggling ? (
        <ActionDialog
          title={toggling.active ? t`Deactivate code ${toggling.code}?` : t`Activate code ${toggling.code}?`}
          summary={
            <p className={styles.muted}>
              {toggling.active ? t`Nobody new can register with it. Users who joined with it are not affected.` : t`New users can register with it again.`}
            </p>
          }
          confirmLabel={toggling.active ? t`Deactivate` : t`Activate`}
          danger={toggling.active}
          onConfirm={toggle}
          onClose={() => setToggling(null)}
        />
      ) : null}
      {issuing ? (
        <IssueDialog
          onClose={() => setIssuing(false)}
          onIssued={() => {
            setIssuing(false);
            setPage(1);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function IssueDialog({ onClose, onIssued }: { onClose: () => void; onIssued: () => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const [institution, setInstitution] = useState('');
  const [kind, setKind] = useState<InvitationKind>('institution');
  const [code, setCode] = useState('');
  const normalisedCode = code.trim().toUpperCase();
  const codeValid = invitationCodePattern.test(normalisedCode);
  const issue = async (reason: string) => {
    const issued = await call('admin/invitations/issue', { institution_name: institution.trim(), kind, code: normalisedCode, reason }, { silent: true });
    showToast(t`Code ${issued.code} issued`, { tone: 'success' });
    onIssued();
  };
  return (
    <ActionDialog title={t`Issue an invitation code`} confirmLabel={t`Issue code`} ready={institution.trim() !== '' && codeValid} onConfirm={issue} onClose={onClose}>
      <label className={styles.field}>
        {t`Institution or advisor name`}
        <input className={styles.control} name="institution_name" maxLength={200} value={institution} onChange={(event) => setInstitution(event.target.value)} />
      </label>
      <FilterSelect
        label={t`Kind`}
        value={kind}
        onChange={setKind}
        options={invitationKinds.map((value) => ({ value, label: labels.invitationKind[value] }))}
      />
      <label className={styles.field}>
        {t`Code`}
        <input className={styles.control} name="code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      {code.trim() !== '' && !codeValid ? <p className={styles.errorText}>{t`3 to 32 capital letters, digits, dashes or underscores, starting with a letter or digit.`}</p> : null}
    </ActionDialog>
  );
}
