import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { CommandRefused, call } from '../../api/commandBus.ts';
import { Button, Checkbox } from '../../ui/widgets.tsx';
import { AuthTopBar } from './AuthTopBar.tsx';
import * as styles from './auth.css.ts';
import { MobileNumberField, OneTimeCodeField, PasswordField } from './PasswordField.tsx';
import { readRememberedAccount, rememberAccount, startSession } from './sessionStore.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';

/**
 * Signs the user in; the server's refusal (wrong password, frozen account…) arrives as a toast from
 * the command bus. Answers the challenge when the user has two-step verification on (then
 * `completeSignIn` with a code finishes it), else null.
 */
export async function signIn(account: string, password: string): Promise<string | null> {
  const result = await call('user/login', { account, password });
  if ('mfa_required' in result) return result.challenge;
  startSession(result.token, result.account);
  return null;
}

/** The second step: the code from the authenticator app, or a recovery code. */
export async function completeSignIn(challenge: string, code: string): Promise<void> {
  const result = await call('user/loginMfa', { challenge, code });
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
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { busy, run } = useSingleFlight(async () => {
    if (challenge) {
      try {
        await completeSignIn(challenge, code.trim());
      } catch (failure) {
        // An expired or used-up challenge: back to the password.
        if (failure instanceof CommandRefused && failure.key === 'mfa_challenge_expired') setChallenge(null);
        return;
      }
    } else {
      const next = await signIn(account.trim(), password);
      if (next) {
        setChallenge(next);
        setCode('');
        return;
      }
    }
    rememberAccount(remember ? account.trim() : null);
    await navigate({ to: '/home/index', replace: true });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  if (challenge) {
    return (
      <div className={styles.page}>
        <AuthTopBar />
        <h1 className={styles.title}>
          <Trans>Two-step verification</Trans>
        </h1>
        <p className={styles.subtitle}>
          <Trans>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Trans>
        </p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <OneTimeCodeField value={code} onChange={setCode} label={t`Verification code`} />
          <Button type="submit" block busy={busy} disabled={code.trim() === ''}>
            {busy ? <Trans>Verifying…</Trans> : <Trans>Verify and sign in</Trans>}
          </Button>
          <button type="button" className={styles.textLink} onClick={() => setChallenge(null)}>
            <Trans>Back to password</Trans>
          </button>
        </form>
      </div>
    );
  }

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
