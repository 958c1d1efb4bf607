import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type AuditAction, auditActions } from '../../../../contract/audit.ts';
import { call } from '../../../api/commandBus.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { failureText } from '../shared/failureText.ts';
import { AuditLog } from './AuditLog.tsx';
import { auditActionNames } from './auditLabels.ts';

type UserFilter = { account: string; userId: string } | null;

/** /admin/audit: every staff action, filtered by action and by the user it concerned. */
export function AuditPage() {
  const { t, i18n } = useLingui();
  const [action, setAction] = useState<AuditAction | 'all'>('all');
  const [mobile, setMobile] = useState('');
  const [user, setUser] = useState<UserFilter>(null);
  const [userError, setUserError] = useState<string | null>(null);

  // Staff know users by mobile number; the log is filtered by user id, so look the number up.
  const applyUser = async (event: FormEvent) => {
    event.preventDefault();
    setUserError(null);
    const number = mobile.trim();
    if (number === '') return setUser(null);
    if (!/^\d{10}$/.test(number)) return setUserError(t`Enter the user's 10-digit mobile number.`);
    try {
      const found = await call('admin/users/list', { page: 1, query: number }, { silent: true });
      const match = found.items.find((row) => row.account === number);
      if (match) setUser({ account: match.account, userId: match.user_id });
      else setUserError(t`No user has this mobile number.`);
    } catch (failure) {
      setUserError(failureText(failure, i18n));
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect
          label={t`Action`}
          value={action}
          onChange={setAction}
          options={[{ value: 'all', label: t`All actions` }, ...auditActions.map((name) => ({ value: name, label: i18n._(auditActionNames[name]) }))]}
        />
        <form className={styles.toolbar} onSubmit={(event) => void applyUser(event)}>
          <label className={styles.field}>
            {t`User's mobile number`}
            <input className={styles.control} inputMode="numeric" maxLength={10} value={mobile} onChange={(event) => setMobile(event.target.value)} />
          </label>
          <Button type="submit" variant="soft" className={styles.smallButton}>
            {t`Filter`}
          </Button>
          {user ? (
            <Button
              variant="ghost"
              className={styles.smallButton}
              onClick={() => {
                setUser(null);
                setMobile('');
              }}
            >
              {t`Show all users`}
            </Button>
          ) : null}
        </form>
      </div>
      {userError ? (
        <p role="alert" className={styles.errorText}>
          {userError}
        </p>
      ) : null}
      <AuditLog key={`${action}|${user?.userId ?? ''}`} action={action === 'all' ? undefined : action} userId={user?.userId} />
    </>
  );
}
