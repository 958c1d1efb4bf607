import { useRef } from 'react';
import type { Direction } from '../../../ui/format.ts';
import * as styles from './shared.css.ts';

type PriceTextProps = {
  /** Already formatted text (see src/ui/format.ts). */
  text: string;
  direction: Direction;
  /** When the live update arrived; a new value restarts the flash. Null for REST data. */
  updatedAt?: number | null;
  tickDirection?: 'up' | 'down' | 'none';
  className?: string;
  testId?: string;
};

/**
 * A price coloured by its direction (green up, red down, grey unchanged), in tabular
 * figures so digits do not jump as they change, with a brief background flash on each
 * live tick. The flash is a CSS animation on an element keyed by `updatedAt`: a new
 * tick remounts the span, which restarts the animation without any timers.
 */
export function PriceText({ text, direction, updatedAt = null, tickDirection = 'none', className, testId }: PriceTextProps) {
  // A row scrolled into view should not flash for a tick that happened before it appeared.
  const firstSeenUpdate = useRef(updatedAt);
  const flashing = updatedAt !== null && updatedAt !== firstSeenUpdate.current && tickDirection !== 'none';
  const classes = [styles.price, styles.directionText[direction], flashing ? styles.flash[tickDirection] : '', className ?? ''].join(' ');
  return (
    <span key={flashing ? updatedAt : 'still'} className={classes} data-testid={testId} data-direction={direction}>
      {text}
    </span>
  );
}

/** A signed change or percent in the direction's colour. */
export function ChangeText({ text, direction, className }: { text: string; direction: Direction; className?: string }) {
  return <span className={`${styles.directionText[direction]} ${className ?? ''}`} style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
}
