import type { ReactNode } from 'react';
import * as styles from './stepper.css.ts';

// A − value + control for a whole number of lots or shares. Text comes in translated from
// the caller; the caller decides the bounds (what one step is, when a side is disabled).

type StepperProps = {
  /** Names the group for screen readers (what is being counted). */
  label: string;
  fewerLabel: string;
  moreLabel: string;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  /** The value's data-testid, read by tests. */
  testId: string;
  size?: keyof typeof styles.stepValue;
  /** The value as read: announced politely as it changes. */
  children: ReactNode;
};

export function Stepper({ label, fewerLabel, moreLabel, canDecrease, canIncrease, onDecrease, onIncrease, testId, size = 'page', children }: StepperProps) {
  return (
    <div className={styles.stepper} role="group" aria-label={label}>
      <button type="button" className={styles.stepButton} aria-label={fewerLabel} disabled={!canDecrease} onClick={onDecrease}>
        −
      </button>
      <output className={styles.stepValue[size]} data-testid={testId} aria-live="polite">
        {children}
      </output>
      <button type="button" className={styles.stepButton} aria-label={moreLabel} disabled={!canIncrease} onClick={onIncrease}>
        +
      </button>
    </div>
  );
}
