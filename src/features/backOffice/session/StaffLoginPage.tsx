import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { CommandRefused, call } from '../../../api/commandBus.ts';
import { backOfficeHomePath } from '../../../app/backOfficeRouteTable.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { failureText } from '../shared/failureText.ts';
import { StaffCodeStep, StaffMfaEnrolment } from './StaffMfaSteps.tsx';
import { startStaffSession } from './staffSession.ts';

/** /admin/login: staff sign in with their own login, never a user's mobile number. */
export function StaffLoginPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<{ kind: 'password' } | { kind: 'code'; challenge: string } | { kind: 'enrol' }>({ kind: 'password' });
  const goHome = () => navigate({ to: backOfficeHomePath, replace: true });
  const { busy, run } = useSingleFlight(async () => {
    setError(null);
    try {
      const outcome = await call('admin/login', { login: login.trim(), password }, { silent: true });
      if ('mfa_required' in outcome) return setStep({ kind: 'code', challenge: outcome.challenge });
      startStaffSession(outcome);
      if (outcome.mfa_enrolment_required) return setStep({ kind: 'enrol' });
    } catch (failure) {
      // The shared text speaks of a mobile number; staff sign in with a login name.
      const wrongCredentials = failure instanceof CommandRefused && failure.key === 'account_or_password_incorrect';
      setError(wrongCredentials ? t`Incorrect login name or password.` : failureText(failure, i18n));
      return;
    }
    await goHome();
  });
  const submitCode = async (code: string): Promise<string | null> => {
    if (step.kind !== 'code') return null;
    try {
      startStaffSession(await call('admin/loginMfa', { challenge: step.challenge, code }, { silent: true }));
    } catch (failure) {
      if (failure instanceof CommandRefused && failure.key === 'mfa_challenge_expired') setStep({ kind: 'password' });
      return failureText(failure, i18n);
    }
    await goHome();
    return null;
  };
  if (step.kind !== 'password') {
    return (
      <div data-back-office style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: 24 }}>
        {step.kind === 'code' ? <StaffCodeStep onSubmit={submitCode} onBack={() => setStep({ kind: 'password' })} /> : <StaffMfaEnrolment onDone={() => void goHome()} />}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <div data-back-office style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <form className={styles.section} style={{ width: 'min(400px, 100%)' }} onSubmit={submit} noValidate>
        <h1 className={styles.pageTitle}>
          <Trans>Back office sign-in</Trans>
        </h1>
        <p className={styles.muted}>
          <Trans>For Ledgerline staff. Every action you take is recorded in the audit log.</Trans>
        </p>
        <label className={styles.field}>
          <Trans>Login name</Trans>
          <input className={styles.control} name="login" autoComplete="username" value={login} onChange={(event) => setLogin(event.target.value)} />
        </label>
        <label className={styles.field}>
          <Trans>Password</Trans>
          <input
            className={styles.control}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className={styles.errorText}>
            {error}
          </p>
        ) : null}
        <Button type="submit" block busy={busy} aria-label={t`Sign in`}>
          {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </form>
    </div>
  );
}
