import { useLingui } from '@lingui/react/macro';
import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import * as styles from './watchlist.css.ts';

/** How far (px) a row slides to uncover its Remove button. */
const revealWidthPx = 88;

/**
 * A row that slides left under the finger to uncover a Remove button, as in the mail
 * and broker apps people already know. The button in the row itself does the same, for
 * mouse, keyboard and screen-reader users.
 */
export function SwipeToRemove({ onRemove, label, children }: { onRemove: () => void; label: string; children: ReactNode }) {
  const { t } = useLingui();
  const [offsetPx, setOffsetPx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; y: number; offset: number } | null>(null);
  const horizontal = useRef<boolean | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!touch) return;
    start.current = { x: touch.clientX, y: touch.clientY, offset: offsetPx };
    horizontal.current = null;
  };
  const onTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!touch || !start.current) return;
    const dx = touch.clientX - start.current.x;
    const dy = touch.clientY - start.current.y;
    // Decide once per gesture: a mostly vertical move is a scroll and leaves the row alone.
    if (horizontal.current === null && Math.abs(dx) + Math.abs(dy) > 8) horizontal.current = Math.abs(dx) > Math.abs(dy);
    if (!horizontal.current) return;
    setDragging(true);
    setOffsetPx(Math.min(0, Math.max(-revealWidthPx * 1.3, start.current.offset + dx)));
  };
  const onTouchEnd = () => {
    start.current = null;
    setDragging(false);
    setOffsetPx((offset) => (offset < -revealWidthPx / 2 ? -revealWidthPx : 0));
  };

  return (
    <div className={styles.swipe}>
      <button type="button" className={styles.swipeAction} style={{ width: revealWidthPx }} onClick={onRemove} tabIndex={offsetPx === 0 ? -1 : 0} aria-hidden={offsetPx === 0} aria-label={label}>
        {t`Remove`}
      </button>
      <div
        className={styles.swipeContent}
        style={{ transform: `translateX(${offsetPx}px)`, transition: dragging ? 'none' : undefined }}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
      >
        {children}
      </div>
    </div>
  );
}
