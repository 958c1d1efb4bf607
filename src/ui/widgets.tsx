import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import * as styles from './ui.css.ts';

// Shared building blocks. Text comes in translated from the caller; nothing here
// renders words of its own.

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof styles.button;
  busy?: boolean;
  block?: boolean;
};

export function Button({ variant = 'primary', busy = false, block = false, className, children, disabled, ...rest }: ButtonProps) {
  const classes = [styles.button[variant], block ? styles.fullWidth : '', className ?? ''].join(' ');
  return (
    <button type="button" className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  prefix?: ReactNode;
  trailing?: ReactNode;
};

export function TextField({ label, prefix, trailing, id, ...inputProps }: TextFieldProps) {
  const inputId = id ?? `field-${inputProps.name ?? label}`;
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        {prefix ? <span className={styles.inputPrefix}>{prefix}</span> : null}
        <input id={inputId} className={styles.input} {...inputProps} />
        {trailing}
      </div>
    </div>
  );
}

export function Checkbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className={styles.checkboxRow}>
      <input type="checkbox" className={styles.checkbox} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

export function Skeleton({ width, height = 16, radius }: { width: number | string; height?: number; radius?: number }) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** A centred message with an icon and an optional action: empty, error and "soon" states. */
export function StatePanel({ icon, title, text, action }: { icon: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <div className={styles.statePanel}>
      <div className={styles.stateIcon}>{icon}</div>
      <h2 className={styles.stateTitle}>{title}</h2>
      {text ? <p className={styles.stateText}>{text}</p> : null}
      {action}
    </div>
  );
}
