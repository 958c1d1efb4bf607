import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/widgets.tsx';
import * as sheetStyles from '../trading/trading.css.ts';
import * as styles from './funding.css.ts';

export type ConfirmRow = { label: string; value: string; testId?: string; emphasis?: boolean };

type ConfirmSheetProps = {
  title: string;
  rows: ConfirmRow[];
  note?: ReactNode;
  confirmLabel: string;
  submitting: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
};

/** A sheet over the page: its title and content, kept open (no dismissal) while a request is in flight. */
export function Sheet({ titleId, title, busy, onDismiss, children }: { titleId: string; title: ReactNode; busy: boolean; onDismiss: () => void; children: ReactNode }) {
  return (
    <div className={sheetStyles.sheetBackdrop} onClick={busy ? undefined : onDismiss}>
      <div
        className={sheetStyles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && !busy && onDismiss()}
      >
        <h2 id={titleId} className={sheetStyles.sheetTitle}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/**
 * The last look before money moves: amount and destination exactly as they will be sent.
 * It stays open after a failure so the same request (same key) can be retried.
 */
export function ConfirmSheet({ title, rows, note, confirmLabel, submitting, onConfirm, onDismiss }: ConfirmSheetProps) {
  return (
    <Sheet titleId="funding-confirm-title" title={title} busy={submitting} onDismiss={onDismiss}>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.label} style={{ display: 'contents' }}>
            <dt className={styles.figureLabel}>{row.label}</dt>
            <dd className={`${styles.figureValue} ${row.emphasis ? styles.figureEmphasis : ''}`} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {note ? <div className={styles.muted}>{note}</div> : null}
      <div className={sheetStyles.sheetActions}>
        <Button variant="soft" block onClick={onDismiss} disabled={submitting}>
          <Trans>Back</Trans>
        </Button>
        <Button autoFocus block busy={submitting} data-action="confirm" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Sheet>
  );
}
