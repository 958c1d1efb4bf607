import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { channelSaveRequest } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import type { DepositChannel } from './ChannelsPage.tsx';

type TextField = 'name' | 'bank_name' | 'account_name' | 'account_no' | 'ifsc' | 'branch' | 'upi_id' | 'note';
type Form = Record<TextField, string> & { active: boolean };

const emptyForm: Form = { name: '', bank_name: '', account_name: '', account_no: '', ifsc: '', branch: '', upi_id: '', note: '', active: true };

function formOf(channel: DepositChannel | null): Form {
  return channel ? { ...channel, upi_id: channel.upi_id ?? '' } : emptyForm;
}

/** Creates or edits a deposit channel, checked with the contract's own rules before it is sent. */
export function ChannelEditor({ channel, onClose, onSaved }: { channel: DepositChannel | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<Form>(() => formOf(channel));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const request = { ...(channel ? { id: channel.id } : {}), ...form, upi_id: form.upi_id.trim() === '' ? null : form.upi_id };
  // The reason is checked by the dialog; a placeholder keeps it out of these field errors.
  const checked = channelSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = new Map<string, string>();
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!problems.has(field)) problems.set(field, translateServerMessage(issue.message, i18n));
    }
  }
  const labels: Record<TextField, string> = {
    name: t`Channel name (shown to users)`,
    bank_name: t`Bank name`,
    account_name: t`Account name`,
    account_no: t`Account number`,
    ifsc: t`IFSC`,
    branch: t`Branch`,
    upi_id: t`UPI ID (optional)`,
    note: t`Note for users (optional)`,
  };
  const save = async (reason: string) => {
    // What the contract's schema made of the form (trimmed, IFSC in capitals) is what is sent.
    await call('admin/channels/save', { ...(checked.success ? checked.data : request), reason }, { silent: true });
    showToast(t`Channel saved`, { tone: 'success' });
    onSaved();
  };
  return (
    <ActionDialog
      title={channel ? t`Edit channel ${channel.name}` : t`New deposit channel`}
      summary={<p className={styles.muted}>{t`Users pay into this account and quote it on their deposit. Check every digit.`}</p>}
      confirmLabel={t`Save channel`}
      ready={checked.success}
      wide
      onConfirm={save}
      onClose={onClose}
    >
      <div className={styles.formGrid}>
        {(Object.keys(labels) as TextField[]).map((field) => (
          <div key={field} className={styles.field}>
            <label className={styles.field}>
              {labels[field]}
              <input
                className={styles.control}
                name={field}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                onBlur={() => setTouched(new Set(touched).add(field))}
              />
            </label>
            {touched.has(field) && problems.has(field) ? <span className={styles.errorText}>{problems.get(field)}</span> : null}
          </div>
        ))}
      </div>
      <label className={styles.checkRow}>
        <input type="checkbox" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} />
        {t`Active: shown to users on the deposit screen`}
      </label>
    </ActionDialog>
  );
}
