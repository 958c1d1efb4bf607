import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../../../api/commandBus.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import { WalletQrCode } from '../../funding/WalletQrCode.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { failureText } from '../shared/failureText.ts';

// The back office's second-factor screens: the code step at sign-in, and the enrolment a staff
// member without a second factor must finish before any other back-office command works.

function CodeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className={styles.field}>
      <Trans>Verification code</Trans>
      <input className={styles.control} name="code" autoComplete="one-time-code" maxLength={32} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The code from the authenticator app (or a recovery code) after the password. */
export function StaffCodeStep({ onSubmit, onBack }: { onSubmit: (code: string) => Promise<string | null>; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSingleFlight(async () => setError(await onSubmit(code.trim())));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <form className={styles.section} style={{ width: 'min(400px, 100%)' }} onSubmit={submit} noValidate>
      <h1 className={styles.pageTitle}>
        <Trans>Two-step verification</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Trans>
      </p>
      <CodeInput value={code} onChange={setCode} />
      {error ? (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
      <Button type="submit" block busy={busy} disabled={code.trim() === ''}>
        <Trans>Verify and sign in</Trans>
      </Button>
      <Button type="button" variant="secondary" block onClick={onBack}>
        <Trans>Back to password</Trans>
      </Button>
    </form>
  );
}

/** Enrolment: scan the QR code (or type the secret), prove it with a code, keep the recovery codes shown once. */
export function StaffMfaEnrolment({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call('admin/mfa/setup', {}, { silent: true }).then(setSetup, (failure) => setError(failureText(failure, i18n)));
  }, [i18n]);
  const { busy, run } = useSingleFlight(async () => {
    setError(null);
    try {
      setRecoveryCodes((await call('admin/mfa/enable', { code: code.trim() }, { silent: true })).recovery_codes);
    } catch (failure) {
      setError(failureText(failure, i18n));
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  if (recoveryCodes) {
    return (
      <div className={styles.section} style={{ width: 'min(480px, 100%)' }}>
        <h1 className={styles.pageTitle}>
          <Trans>Keep your recovery codes</Trans>
        </h1>
        <p className={styles.muted}>
          <Trans>Each code signs you in once if you lose your phone. They are shown only now: write them down or store them safely.</Trans>
        </p>
        <ul data-testid="recovery-codes" style={{ fontFamily: 'monospace', columns: 2 }}>
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <Button type="button" block onClick={onDone}>
          <Trans>I have saved them — continue</Trans>
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.section} style={{ width: 'min(480px, 100%)' }} onSubmit={submit} noValidate>
      <h1 className={styles.pageTitle}>
        <Trans>Set up two-step verification</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>Staff must use a second factor. Scan this code with an authenticator app, then enter the code it shows.</Trans>
      </p>
      {setup ? (
        <>
          <WalletQrCode data={setup.uri} label={t`QR code for your authenticator app`} fallback={t`The QR code could not be shown. Type the secret instead.`} />
          <p className={styles.muted}>
            <Trans>Or type this secret:</Trans> <code data-testid="mfa-secret">{setup.secret}</code>
          </p>
        </>
      ) : error ? null : (
        <p className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      )}
      <CodeInput value={code} onChange={setCode} />
      {error ? (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      ) : null}
      <Button type="submit" block busy={busy} disabled={!setup || code.trim() === ''}>
        <Trans>Turn on</Trans>
      </Button>
    </form>
  );
}
