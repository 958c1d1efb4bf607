import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ExamStatus } from '../../../contract/course.ts';
import { Icon } from '../../ui/icons.tsx';
import { button, fullWidth } from '../../ui/ui.css.ts';
import * as fundingStyles from '../funding/funding.css.ts';
import { useCourseLabels } from './courseText.ts';

/** What the exam asks of the user now: study first, start or continue it, wait to retake it, or nothing (passed). */
export function ExamCard({ exam }: { exam: ExamStatus }) {
  const labels = useCourseLabels();
  const examLink = (label: ReactNode) => (
    <Link to="/home/qcList" search={{ view: 'exam' }} className={`${button.primary} ${fullWidth}`} data-testid="course-exam-link">
      {label}
    </Link>
  );
  let body: ReactNode;
  if (exam.next_step === 'passed') {
    const passedAt = labels.when(exam.passed_at!);
    body = (
      <>
        <p className={fundingStyles.notice.info} data-testid="course-passed">
          <Icon name="check" size={18} />
          <span>
            <Trans>
              You passed the exam on {passedAt} IST with {exam.best_score_percent}%. You may now follow strategy funds.
            </Trans>
          </span>
        </p>
        <Link to="/home/fllow" className={`${button.primary} ${fullWidth}`} data-testid="course-follow-link">
          <Trans>Go to strategy funds</Trans>
        </Link>
      </>
    );
  } else if (exam.next_step === 'study') {
    const left = exam.lessons_total - exam.lessons_studied;
    body = (
      <p className={fundingStyles.muted}>
        <Trans>The exam opens when every lesson is studied: {left} still to go.</Trans>
      </p>
    );
  } else if (exam.next_step === 'wait') {
    const retakeAt = labels.when(exam.retake_at!);
    body = (
      <p className={fundingStyles.notice.warning} data-testid="course-retake-wait">
        <Trans>
          Your last score was {exam.last_attempt?.score_percent}%, and the exam needs more than {exam.pass_mark_percent}%. You can try again from {retakeAt} IST.
        </Trans>
      </p>
    );
  } else {
    body = (
      <>
        <p className={fundingStyles.muted}>
          <Trans>
            {exam.question_count} questions about the lessons. You pass with more than {exam.pass_mark_percent}% right.
          </Trans>
        </p>
        {examLink(exam.next_step === 'continue' ? <Trans>Continue the exam</Trans> : <Trans>Take the exam</Trans>)}
      </>
    );
  }
  return (
    <section className={fundingStyles.card} data-testid="course-exam" data-next-step={exam.next_step}>
      <div className={fundingStyles.cardHead}>
        <h2 className={fundingStyles.cardTitle}>
          <Trans>The exam</Trans>
        </h2>
        {exam.attempts > 0 && exam.best_score_percent !== null ? (
          <span className={fundingStyles.badge[exam.passed ? 'good' : 'neutral']}>
            <Trans>Best score {exam.best_score_percent}%</Trans>
          </span>
        ) : null}
      </div>
      {body}
    </section>
  );
}
