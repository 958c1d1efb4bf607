import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/commandBus.ts';
import { registerSearch } from '../../app/routeSearch.ts';
import { showToast } from '../../app/toastStore.ts';
import { Button, Checkbox, TextField } from '../../ui/widgets.tsx';
import * as styles from './auth.css.ts';
import { signIn } from './LoginPage.tsx';
import { MobileNumberField, PasswordField } from './PasswordField.tsx';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';

/** /login/register. The rules (mobile format, password length, invitation) are the server's; its refusals arrive translated. */
export function RegisterPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  // An advisor's link may carry the invitation code: #/login/register?invite_code=DEMO100
  const [inviteCode, setInviteCode] = useState(registerSearch.useSearch().invite_code);
  const [agree, setAgree] = useState(false);
  const { busy, run } = useSingleFlight(async () => {
    // `agree` is sent as ticked or not; the server answers agreement_not_accepted.
    await call('user/register', { account: account.trim(), password, password2, invite_code: inviteCode.trim(), agree: agree as true });
    showToast(t`Account created. Welcome to Ledgerline!`, { tone: 'success' });
    await signIn(account.trim(), password);
    await navigate({ to: '/home/index', replace: true });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Open your account</Trans>
      </h1>
      <p className={styles.subtitle}>
        <Trans>You need an invitation code from your advisor or wealth manager.</Trans>
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <MobileNumberField value={account} onChange={setAccount} />
        <PasswordField label={t`Password`} name="password" value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordField label={t`Confirm password`} name="password2" value={password2} onChange={setPassword2} autoComplete="new-password" />
        <TextField
          label={t`Invitation code`}
          name="invite_code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          value={inviteCode}
          onChange={(event) => setInviteCode(event.target.value)}
        />
        <Checkbox checked={agree} onChange={setAgree}>
          <Trans>
            I have read and accept the{' '}
            <Link to="/information/agreement" className={styles.inlineLink}>
              User agreement
            </Link>
          </Trans>
        </Checkbox>
        <Button type="submit" block busy={busy}>
          {busy ? <Trans>Creating account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
      <p className={styles.footer}>
        <Trans>Already have an account?</Trans>{' '}
        <Link to="/login/login" className={styles.textLink}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </div>
  );
}
