import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { passwordLengthMin } from '../../../contract/accounts.ts';
import { call } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { Icon } from '../../ui/icons.tsx';
import { iconButton } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button, TextField } from '../../ui/widgets.tsx';
import { PasswordField } from '../auth/PasswordField.tsx';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import * as styles from './identity.css.ts';
import { CardSkeleton } from './KycStatusCard.tsx';

// /information/loginPass and /information/fundPass. The rules (lengths, matching entries,
// the old password, the lockout) are the server's; its refusals arrive as translated toasts.

const securityPath = '/information/safety';

/** /information/loginPass: current password, new one twice. Other devices are signed out on success. */
export function LoginPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const minimumLength = passwordLengthMin;
  const { busy, run } = useSingleFlight(async () => {
    await call('user/changePassword', { old_password: oldPassword, password, password2 });
    showToast(t`Password changed. Other devices have been signed out.`, { tone: 'success', durationMs: 3000 });
    await navigate({ to: securityPath, replace: true });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t`Change login password`}>
        <section className={styles.card}>
          <PasswordField label={t`Current password`} name="old_password" value={oldPassword} onChange={setOldPassword} autoComplete="current-password" />
          <PasswordField label={t`New password`} name="password" value={password} onChange={setPassword} autoComplete="new-password" />
          <PasswordField label={t`Confirm new password`} name="password2" value={password2} onChange={setPassword2} autoComplete="new-password" />
          <p className={styles.hint}>
            <Trans>At least {minimumLength} characters. Changing it signs you out on every other device.</Trans>
          </p>
        </section>
        <Button type="submit" block busy={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
        </Button>
      </form>
    </div>
  );
}

/** A six-digit PIN: digits only, the numeric keypad on phones, hidden unless asked. */
function PinField({ label, name, value, onChange }: { label: string; name: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      placeholder="••••••"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      trailing={
        <button type="button" className={iconButton} onClick={() => setVisible(!visible)} aria-label={visible ? t`Hide PIN` : t`Show PIN`} aria-pressed={visible}>
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

/** /information/fundPass: sets the fund password the first time, changes it afterwards. */
export function FundPasswordPage() {
  const { t } = useLingui();
  const security = useLoad(useCallback(() => call('user/security', {}, { silent: true }), []));
  if (security.state.status === 'failed') return <ErrorState title={t`Could not load your security settings.`} onRetry={security.reload} />;
  if (security.state.status === 'loading') return <CardSkeleton />;
  const { fund_password_set: isSet, fund_password_locked_until: lockedUntil } = security.state.data;
  return <div className={styles.page}>{isSet ? <ChangeFundPasswordForm lockedUntil={lockedUntil} /> : <SetFundPasswordForm />}</div>;
}

function SetFundPasswordForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const { busy, run } = useSingleFlight(async () => {
    await call('user/setFundPassword', { password, password2 });
    showToast(t`Fund password set.`, { tone: 'success' });
    await navigate({ to: securityPath, replace: true });
  });
  return (
    <form className={styles.form} onSubmit={(event) => (event.preventDefault(), run())} noValidate aria-label={t`Set fund password`}>
      <section className={styles.card}>
        <p className={styles.hint}>
          <Trans>Your fund password is a 6-digit PIN, separate from your login password. You will enter it to withdraw money.</Trans>
        </p>
        <PinField label={t`Fund password (6 digits)`} name="password" value={password} onChange={setPassword} />
        <PinField label={t`Enter it again`} name="password2" value={password2} onChange={setPassword2} />
      </section>
      <Button type="submit" block busy={busy}>
        {busy ? <Trans>Saving…</Trans> : <Trans>Set fund password</Trans>}
      </Button>
    </form>
  );
}

function ChangeFundPasswordForm({ lockedUntil }: { lockedUntil: string | null }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const { busy, run } = useSingleFlight(async () => {
    await call('user/changeFundPassword', { old_fund_password: oldPassword, password, password2 });
    showToast(t`Fund password changed.`, { tone: 'success' });
    await navigate({ to: securityPath, replace: true });
  });
  const until = lockedUntil ? formatIstDateTime(lockedUntil, locale) : '';
  return (
    <form className={styles.form} onSubmit={(event) => (event.preventDefault(), run())} noValidate aria-label={t`Change fund password`}>
      {lockedUntil ? (
        <p className={styles.notice} role="alert" data-testid="fund-password-locked">
          <Trans>Too many wrong fund passwords. You can try again after {until} (IST).</Trans>
        </p>
      ) : null}
      <section className={styles.card}>
        <PinField label={t`Current fund password`} name="old_fund_password" value={oldPassword} onChange={setOldPassword} />
        <PinField label={t`New fund password (6 digits)`} name="password" value={password} onChange={setPassword} />
        <PinField label={t`Enter the new one again`} name="password2" value={password2} onChange={setPassword2} />
      </section>
      <Button type="submit" block busy={busy}>
        {busy ? <Trans>Saving…</Trans> : <Trans>Change fund password</Trans>}
      </Button>
    </form>
  );
}
