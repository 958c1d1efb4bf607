import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { ExamPaper, ExamResult, ExamStatus } from '../../../contract/course.ts';
import { call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { LoadStates, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { button, fullWidth } from '../../ui/ui.css.ts';
import { Button } from '../../ui/widgets.tsx';
import * as fundingStyles from '../funding/funding.css.ts';
import { ExamCard } from './ExamCard.tsx';
import { rightAnswersToPass } from './courseText.ts';
import { ExamPaperForm, ExamResultView } from './ExamPaper.tsx';

/**
 * /home/qcList?view=exam. What it shows follows exam/status: the rules and Start (or Continue,
 * which answers the attempt still open with the same questions), the paper, then the graded
 * result. Before every lesson is studied, while a retake waits, or once passed, it says so.
 */
export function ExamView() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('exam/status', {}, { silent: true }), []));
  const [paper, setPaper] = useState<ExamPaper | null>(null);
  const [result, setResult] = useState<ExamResult | null>(null);
  const start = useSingleFlight(async () => {
    try {
      setPaper(await call('exam/start', {}));
    } catch (error) {
      // Refused (a retake still waits, say): the toast said why; show where things stand now.
      reload();
      throw error;
    }
  });

  if (result) return <ExamResultView result={result} />;
  if (paper) {
    return (
      <ExamPaperForm
        paper={paper}
        onGraded={setResult}
        onGone={() => {
          setPaper(null);
          reload();
        }}
      />
    );
  }
  return (
    <div className={fundingStyles.page}>
      <LoadStates state={state} onRetry={reload} errorTitle={t`The exam could not be loaded.`} skeleton={<SkeletonRows count={3} />}>
        {(status) =>
          status.next_step === 'start' || status.next_step === 'continue' ? (
            <ExamRules status={status} busy={start.busy} onStart={start.run} />
          ) : (
            <>
              <ExamCard exam={status} />
              <Link to="/home/qcList" search={{}} className={`${button.soft} ${fullWidth}`}>
                <Trans>All lessons</Trans>
              </Link>
            </>
          )
        }
      </LoadStates>
    </div>
  );
}

function ExamRules({ status, busy, onStart }: { status: ExamStatus; busy: boolean; onStart: () => void }) {
  const needed = rightAnswersToPass(status.question_count, status.pass_mark_percent);
  return (
    <section className={fundingStyles.card} data-testid="exam-rules">
      <h2 className={fundingStyles.cardTitle}>
        <Trans>The exam before copy trading</Trans>
      </h2>
      <ul className={fundingStyles.rules}>
        <li className={fundingStyles.rule}>
          <Icon name="list" size={18} />
          <span className={fundingStyles.ruleText}>
            <Trans>{status.question_count} questions drawn at random from the question bank, each about the lessons.</Trans>
          </span>
        </li>
        <li className={fundingStyles.rule}>
          <Icon name="check" size={18} />
          <span className={fundingStyles.ruleText}>
            <Trans>
              You pass with more than {status.pass_mark_percent}%: at least {needed} of {status.question_count} right.
            </Trans>
          </span>
        </li>
        <li className={fundingStyles.rule}>
          <Icon name="clock" size={18} />
          <span className={fundingStyles.ruleText}>
            <Trans>Submit within {status.attempt_minutes} minutes of starting; an attempt not submitted in time expires without a score.</Trans>
          </span>
        </li>
        <li className={fundingStyles.rule}>
          <Icon name="hourglass" size={18} />
          <span className={fundingStyles.ruleText}>
            <Trans>After a failed attempt you can try again after {status.retake_minutes} minutes.</Trans>
          </span>
        </li>
      </ul>
      <Button block busy={busy} onClick={onStart} data-testid="exam-start">
        {status.next_step === 'continue' ? <Trans>Continue the exam</Trans> : <Trans>Start the exam</Trans>}
      </Button>
    </section>
  );
}
