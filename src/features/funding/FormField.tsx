import type { InputHTMLAttributes, ReactNode } from 'react';
import { TextField } from '../../ui/widgets.tsx';
import * as styles from './funding.css.ts';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  /** Shown in red under the field, and announced. */
  error?: string | null;
  hint?: ReactNode;
  prefix?: ReactNode;
  trailing?: ReactNode;
};

/** A text field with its hint or error underneath, tied to the input for screen readers. */
export function FormField({ label, name, error, hint, ...inputProps }: FormFieldProps) {
  const describedBy = `${name}-note`;
  return (
    <div>
      <TextField label={label} name={name} id={`field-${name}`} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error ? (
        <p id={describedBy} className={styles.fieldError} role="alert" data-testid={`${name}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p id={describedBy} className={styles.fieldHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
