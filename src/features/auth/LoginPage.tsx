import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/commandBus.ts';
import { Button, Checkbox } from '../../ui/widgets.tsx';
import { AuthTopBar } from './AuthTopBar.tsx';
import * as styles from './auth.css.ts';
import { MobileNumberField, PasswordField } from './PasswordField.tsx';
import { readRememberedAccount, rememberAccount, startSession } from './sessionStore.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';

/** Signs the user in; the server's refusal (wrong password, frozen account…) arrives as a toast from the command bus. */
export async function signIn(account: string, password: string): Promise<void> {
  const result = await call('user/login', { account, password });
  startSession(result.token, result.account);
}

/** /login/login */
export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remembered = readRememberedAccount();
  const [account, setAccount] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const { busy, run } = useSingleFlight(async () => {
    await signIn(account.trim(), password);
    rememberAccount(remember ? account.trim() : null);
    await navigate({ to: '/home/index', replace: true });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <div className={styles.page}>
      <AuthTopBar />
      <h1 className={styles.title}>
        <Trans>Welcome back</Trans>
      </h1>
      <p className={styles.subtitle}>
        <Trans>Sign in with your mobile number and password.</Trans>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <MobileNumberField value={account} onChange={setAccount} />
        <PasswordField label={t`Password`} name="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <div className={styles.formRow}>
          <Checkbox checked={remember} onChange={setRemember}>
            <Trans>Remember account</Trans>
          </Checkbox>
          <Link to="/login/forgotPassword" className={styles.textLink} data-testid="forgot-password">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </form>
      <p className={styles.footer}>
        <Trans>New to Ledgerline?</Trans>{' '}
        <Link to="/login/register" className={styles.textLink}>
          <Trans>Create account</Trans>
        </Link>
      </p>
    </div>
  );
}
