import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { call, CommandRefused } from '../../../api/commandBus.ts';
import { ErrorState } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button, Skeleton, TextField } from '../../../ui/widgets.tsx';
import { CopyButton } from '../../funding/CopyButton.tsx';
import { WalletQrCode } from '../../funding/WalletQrCode.tsx';
import * as styles from '../profile.css.ts';

// The user's second factor (TOTP): off → setup (QR code of the otpauth URI, or the secret typed
// in) → a code proves it → the recovery codes, shown only once; on → a code turns it off.

type Step = { name: 'status' } | { name: 'setup'; secret: string; uri: string } | { name: 'recovery'; codes: string[] } | { name: 'disable' };

const refusalText = (failure: unknown, fallback: string) => (failure instanceof CommandRefused ? failure.translated : fallback);

export function SecondFactorCard() {
  const { t } = useLingui();
  const status = useLoad(useCallback(() => call('user/mfa/status', {}, { silent: true }), []));
  const [step, setStep] = useState<Step>({ name: 'status' });
  const [error, setError] = useState<string | null>(null);
  const noAnswer = t`No answer from the server. Check your connection and try again.`;
  const go = (next: Step) => {
    setError(null);
    setStep(next);
  };
  const startSetup = useSingleFlight(async () => {
    try {
      go({ name: 'setup', ...(await call('user/mfa/setup', {}, { silent: true })) });
    } catch (failure) {
      setError(refusalText(failure, noAnswer));
    }
  });

  let body;
  if (status.state.status === 'loading') body = <Skeleton width="60%" height={16} />;
  else if (status.state.status === 'failed') body = <ErrorState title={t`Your two-step verification setting could not be loaded.`} onRetry={status.reload} />;
  else if (step.name === 'setup')
    body = (
      <CodeForm
        submitLabel={t`Turn on`}
        onCancel={() => go({ name: 'status' })}
        onSubmit={async (code) => go({ name: 'recovery', codes: (await call('user/mfa/enable', { code }, { silent: true })).recovery_codes })}
      >
        <p className={styles.muted}>
          <Trans>Scan this code with an authenticator app (such as Google Authenticator or Microsoft Authenticator), then enter the 6-digit code it shows.</Trans>
        </p>
        <WalletQrCode data={step.uri} label={t`QR code for your authenticator app`} fallback={t`The QR code could not be shown. Type the secret instead.`} />
        <p className={styles.muted}>
          <Trans>Or type this secret:</Trans> <code data-testid="mfa-secret">{step.secret}</code>
        </p>
      </CodeForm>
    );
  else if (step.name === 'recovery')
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          go({ name: 'status' });
          status.reload();
        }}
      />
    );
  else if (step.name === 'disable')
    body = (
      <CodeForm
        submitLabel={t`Turn off`}
        onCancel={() => go({ name: 'status' })}
        onSubmit={async (code) => {
          await call('user/mfa/disable', { code }, { silent: true });
          go({ name: 'status' });
          status.reload();
        }}
      >
        <p className={styles.muted}>
          <Trans>To turn two-step verification off, enter a code from your authenticator app or one of your recovery codes.</Trans>
        </p>
      </CodeForm>
    );
  else {
    const enabled = status.state.data.enabled;
    body = (
      <>
        <p className={styles.paragraph} data-testid="mfa-status">
          {enabled ? <Trans>On: signing in and withdrawing to a new bank account also ask for a code from your authenticator app.</Trans> : <Trans>Off: only your password protects sign-in.</Trans>}
        </p>
        {enabled ? (
          <Button variant="secondary" block onClick={() => go({ name: 'disable' })}>
            <Trans>Turn off</Trans>
          </Button>
        ) : (
          <Button block busy={startSetup.busy} onClick={startSetup.run}>
            <Trans>Turn on two-step verification</Trans>
          </Button>
        )}
        {error ? (
          <p role="alert" className={styles.muted}>
            {error}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section className={styles.card} aria-label={t`Two-step verification`}>
      <h2 className={styles.cardTitle}>
        <Trans>Two-step verification</Trans>
      </h2>
      {body}
    </section>
  );
}

/** A code from the authenticator app (or a recovery code), submitted once at a time; a refusal is shown under it. */
function CodeForm({ submitLabel, onSubmit, onCancel, children }: { submitLabel: string; onSubmit: (code: string) => Promise<void>; onCancel: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noAnswer = t`No answer from the server. Check your connection and try again.`;
  const { busy, run } = useSingleFlight(async () => {
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      setError(refusalText(failure, noAnswer));
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {children}
      <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} />
      {error ? (
        <p role="alert" className={styles.muted}>
          {error}
        </p>
      ) : null}
      <div className={styles.sheetActions}>
        <Button type="button" variant="soft" block onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" block busy={busy} disabled={code.trim() === ''}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <p className={styles.paragraph}>
        <Trans>Two-step verification is on. Keep these recovery codes: each one works once if you lose your phone. They are shown only now.</Trans>
      </p>
      <ul data-testid="recovery-codes" style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} what={t`Recovery codes`} />
      <Button block onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </>
  );
}
