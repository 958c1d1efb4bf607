import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/commandBus.ts';
import { resetPasswordSearch } from '../../app/routeSearch.ts';
import { showToast } from '../../app/toastStore.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button, TextField } from '../../ui/widgets.tsx';
import * as styles from './auth.css.ts';
import { MobileNumberField, PasswordField } from './PasswordField.tsx';

// "Forgot password?": the number first (the server answers the same whether or not it has an
// account, so this page never says which), then the code from the SMS and a new password.

/** /login/forgotPassword */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const { busy, run } = useSingleFlight(async () => {
    await call('user/forgotPassword', { account: account.trim() });
    await navigate({ to: '/login/resetPassword', search: { account: account.trim() } });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Reset your password</Trans>
      </h1>
      <p className={styles.subtitle}>
        <Trans>Enter the mobile number you signed up with. If it has an account, we send it a 6-digit code by SMS.</Trans>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <MobileNumberField value={account} onChange={setAccount} />
        <Button type="submit" block busy={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send code</Trans>}
        </Button>
      </form>
      <p className={styles.footer}>
        <Link to="/login/login" className={styles.textLink}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </div>
  );
}

/** /login/resetPassword?account=… */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const account = resetPasswordSearch.useSearch().account;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const { busy, run } = useSingleFlight(async () => {
    await call('user/resetPassword', { account, code: code.trim(), password, password2 });
    showToast(t`Password reset. Sign in with your new password.`, { tone: 'success' });
    await navigate({ to: '/login/login', replace: true });
  });
  const resend = useSingleFlight(async () => {
    await call('user/forgotPassword', { account });
    showToast(t`If this number has an account, a new code is on its way.`, { tone: 'success' });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Enter the code</Trans>
      </h1>
      <p className={styles.subtitle} data-testid="reset-sent-to">
        <Trans>If {account} has an account, a 6-digit code is on its way by SMS. It works once, for a few minutes.</Trans>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t`Code from the SMS`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <PasswordField label={t`New password`} name="password" value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordField label={t`Confirm new password`} name="password2" value={password2} onChange={setPassword2} autoComplete="new-password" />
        <Button type="submit" block busy={busy}>
          {busy ? <Trans>Resetting…</Trans> : <Trans>Reset password</Trans>}
        </Button>
      </form>
      <p className={styles.footer}>
        <button type="button" className={styles.textLink} onClick={resend.run} disabled={resend.busy || account === ''} data-action="resend-code">
          <Trans>Send a new code</Trans>
        </button>
      </p>
    </div>
  );
}
