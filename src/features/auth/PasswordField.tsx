import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { iconButton } from '../../ui/ui.css.ts';
import { TextField } from '../../ui/widgets.tsx';

/** A password input with a show/hide toggle (long passwords are easy to mistype on a phone). */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      trailing={
        <button type="button" className={iconButton} onClick={() => setVisible(!visible)} aria-label={visible ? t`Hide password` : t`Show password`} aria-pressed={visible}>
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

/** The mobile-number input: digits only, India's +91 shown as a prefix. */
export function MobileNumberField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Mobile number`}
      name="account"
      type="tel"
      inputMode="numeric"
      autoComplete="username"
      maxLength={10}
      placeholder={t`10-digit mobile number`}
      prefix="+91"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** A one-time code: the phone offers the code it just received or generated (autocomplete one-time-code); recovery codes have letters, so text. */
export function OneTimeCodeField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <TextField
      label={label}
      name="code"
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      maxLength={32}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
