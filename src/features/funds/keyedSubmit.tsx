import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { CommandRefused, settleWhenAnswered } from '../../api/commandBus.ts';
import { useIdempotencyKey } from '../../ui/useIdempotencyKey.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import * as styles from '../funding/funding.css.ts';
import * as sheetStyles from '../trading/trading.css.ts';

// What the follow and redeem sheets share: one command per intent, sent with an idempotency key
// that is kept across a lost answer (so a retry is carried out once) and settled once answered;
// a refusal shows its translated reason and changed nothing; a lost answer says a retry is safe.

/** What a sheet says when a request got no answer: it may have arrived, and a retry is safe because it carries the same key. */
export function useNoAnswerText(): string {
  const { t } = useLingui();
  return t`No answer from the server. Your request may have arrived: try again, it will not be carried out twice.`;
}

export function useKeyedSubmit<Details, Result>(send: (details: Details, idempotencyKey: string) => Promise<Result>, onDone: (result: Result) => void) {
  const noAnswer = useNoAnswerText();
  const idempotency = useIdempotencyKey();
  const [problem, setProblem] = useState<string | null>(null);
  const intent = useRef<Details | null>(null);
  const { busy, run } = useSingleFlight(async () => {
    const details = intent.current;
    if (details === null) return;
    setProblem(null);
    try {
      onDone(await settleWhenAnswered(idempotency, send(details, idempotency.keyFor(details))));
    } catch (error) {
      setProblem(error instanceof CommandRefused ? error.translated : noAnswer);
    }
  });
  return {
    busy,
    problem,
    clearProblem: () => setProblem(null),
    /** Sends `details` (at most one request at a time); the same details keep the same key until answered. */
    submit: (details: Details) => {
      intent.current = details;
      run();
    },
  };
}

/** The foot of a fund sheet: the refusal or lost answer, then Back and the confirm button. */
export function SheetFoot({ problem, busy, ready, onDismiss, onConfirm, testId, confirm }: {
  problem: string | null; busy: boolean; ready: boolean; onDismiss: () => void; onConfirm: () => void; testId: string; confirm: ReactNode;
}) {
  return (
    <>
      {problem ? (
        <p className={styles.fieldError} role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      ) : null}
      <div className={sheetStyles.sheetActions}>
        <Button variant="soft" block onClick={onDismiss} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button block busy={busy} disabled={!ready} onClick={onConfirm} data-testid={`${testId}-confirm`} data-action={`${testId}-confirm`}>
          {confirm}
        </Button>
      </div>
    </>
  );
}
