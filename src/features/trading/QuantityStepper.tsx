import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Icon } from '../../ui/icons.tsx';
import * as styles from './trading.css.ts';

/** Holding a stepper button this long makes the first repeated step… */
export const repeatDelayMs = 600;
/** …and then one more step this often until the finger lifts. */
export const repeatIntervalMs = 200;

/**
 * Press-and-hold for a stepper button: one step on press, another at `repeatDelayMs`,
 * then one every `repeatIntervalMs` until release. Pointer events cover mouse, pen and touch
 * alike; a keyboard activation (a click with detail 0) steps once, since it has no press.
 */
function useRepeatPress(step: () => void) {
  const stepRef = useRef(step);
  stepRef.current = step;
  const delay = useRef<ReturnType<typeof setTimeout> | null>(null);
  const repeat = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = () => {
    if (delay.current !== null) clearTimeout(delay.current);
    if (repeat.current !== null) clearInterval(repeat.current);
    delay.current = null;
    repeat.current = null;
  };
  // A page left mid-press must not keep stepping in the background.
  useEffect(() => stop, []);

  return {
    onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      stop();
      stepRef.current();
      delay.current = setTimeout(() => {
        stepRef.current();
        repeat.current = setInterval(() => stepRef.current(), repeatIntervalMs);
      }, repeatDelayMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      if (event.detail === 0) stepRef.current();
    },
    // A long press on a phone would otherwise open the context menu.
    onContextMenu: (event: React.MouseEvent) => event.preventDefault(),
  };
}

type QuantityStepperProps = {
  /** The text in the field: the user may type any number, checked by the page. */
  text: string;
  onTextChange: (text: string) => void;
  /** Shares per lot: each step adds or removes one lot. */
  lot: number;
  label: string;
  invalid: boolean;
  describedBy?: string;
};

export function QuantityStepper({ text, onTextChange, lot, label, invalid, describedBy }: QuantityStepperProps) {
  const { t } = useLingui();
  // Timer ticks may run several steps before React re-renders: each step reads the last one's result.
  const latestText = useRef(text);
  latestText.current = text;
  // Steps snap to whole lots from whatever was typed, and never go below one lot.
  const stepBy = (lots: number) => {
    const typed = latestText.current.trim();
    const current = /^\d{1,8}$/.test(typed) ? Number(typed) : 0;
    const snapped = Math.floor(current / lot) * lot;
    const next = lots > 0 ? snapped + lot : snapped === current ? current - lot : snapped;
    latestText.current = String(Math.max(lot, next));
    onTextChange(latestText.current);
  };
  const decrease = useRepeatPress(() => stepBy(-1));
  const increase = useRepeatPress(() => stepBy(1));
  return (
    <div className={styles.stepper}>
      <button type="button" className={styles.stepButton} aria-label={t`One lot less`} data-step="down" {...decrease}>
        <Icon name="minus" size={20} />
      </button>
      <input
        name="quantity"
        className={styles.stepInput}
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
      />
      <button type="button" className={styles.stepButton} aria-label={t`One lot more`} data-step="up" {...increase}>
        <Icon name="plus" size={20} />
      </button>
    </div>
  );
}
