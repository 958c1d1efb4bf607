import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { reviewDecisions } from '../../../../contract/identity.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ActionDialog } from './ActionDialog.tsx';
import * as styles from './backOffice.css.ts';

export type ReviewDecision = (typeof reviewDecisions)[number];

type DecisionText = { title: string; summary: ReactNode; confirmLabel: string; done: string };

export type ReviewButtonsProps = {
  approve: DecisionText;
  reject: DecisionText;
  /** Sends the review (silently); resolves when the server accepted it. */
  send: (decision: ReviewDecision, reason: string) => Promise<unknown>;
  onReviewed: () => void;
  /** When set, Approve is disabled and this says why (e.g. the four-eyes rule). */
  approveBlockedBecause?: string | null;
  /** Inputs only an approval needs (the payout's bank reference). */
  approveFields?: ReactNode;
  approveReady?: boolean;
};

/** Approve and Reject, each through a dialog that asks for the reason before anything is sent. */
export function ReviewButtons({ approve, reject, send, onReviewed, approveBlockedBecause, approveFields, approveReady = true }: ReviewButtonsProps) {
  const [open, setOpen] = useState<ReviewDecision | null>(null);
  const text = open === 'approve' ? approve : reject;
  const confirm = async (reason: string) => {
    if (open === null) return;
    await send(open, reason);
    showToast(text.done, { tone: 'success' });
    setOpen(null);
    onReviewed();
  };
  return (
    <>
      {approveBlockedBecause ? (
        <p className={styles.notice} data-testid="approve-blocked">
          {approveBlockedBecause}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button className={styles.smallButton} disabled={Boolean(approveBlockedBecause)} onClick={() => setOpen('approve')} data-action="approve">
          <Trans>Approve…</Trans>
        </Button>
        <Button variant="secondary" className={styles.smallButton} onClick={() => setOpen('reject')} data-action="reject">
          <Trans>Reject…</Trans>
        </Button>
      </div>
      {open ? (
        <ActionDialog
          title={text.title}
          summary={text.summary}
          confirmLabel={text.confirmLabel}
          danger={open === 'reject'}
          ready={open === 'approve' ? approveReady : true}
          onConfirm={confirm}
          onClose={() => setOpen(null)}
        >
          {open === 'approve' ? approveFields : null}
        </ActionDialog>
      ) : null}
    </>
  );
}
