import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ExamPaper, ExamResult } from '../../../contract/course.ts';
import { CommandRefused, call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { button, fullWidth } from '../../ui/ui.css.ts';
import { Button } from '../../ui/widgets.tsx';
import * as fundingStyles from '../funding/funding.css.ts';
import * as styles from './course.css.ts';
import { rightAnswersToPass, useCourseLabels } from './courseText.ts';

// The exam paper and its graded result. Choices are kept in sessionStorage under the attempt's
// id, so a reload (which answers the same open attempt) keeps what was already chosen.

type Choices = Record<string, number>;

const storageKey = (attemptId: string) => `ledgerline.exam.${attemptId}`;

function storedChoices(attemptId: string): Choices {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(attemptId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Choices) : {};
  } catch {
    return {};
  }
}

function storeChoices(attemptId: string, choices: Choices | null): void {
  try {
    if (choices) sessionStorage.setItem(storageKey(attemptId), JSON.stringify(choices));
    else sessionStorage.removeItem(storageKey(attemptId));
  } catch {
    // Storage may be full or disabled: the choices then live only on this page.
  }
}

export function ExamPaperForm({ paper, onGraded, onGone }: { paper: ExamPaper; onGraded: (result: ExamResult) => void; onGone: () => void }) {
  const { t } = useLingui();
  const labels = useCourseLabels();
  const [choices, setChoices] = useState<Choices>(() => storedChoices(paper.attempt_id));
  useEffect(() => {
    storeChoices(paper.attempt_id, choices);
  }, [paper.attempt_id, choices]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [paper.attempt_id]);
  const total = paper.questions.length;
  const answered = paper.questions.filter((question) => choices[question.id] !== undefined).length;
  const submit = useSingleFlight(async () => {
    try {
      const answers = paper.questions.map((question) => ({ question_id: question.id, choice: choices[question.id]! }));
      const result = await call('exam/submit', { attempt_id: paper.attempt_id, answers });
      storeChoices(paper.attempt_id, null);
      onGraded(result);
    } catch (error) {
      // The attempt ran out of time (or is gone): the toast said so; back to the exam's state.
      if (error instanceof CommandRefused && (error.key === 'exam_attempt_expired' || error.key === 'exam_attempt_not_found')) {
        storeChoices(paper.attempt_id, null);
        onGone();
      }
      throw error;
    }
  });
  const expiresAt = labels.when(paper.expires_at);
  return (
    <div className={fundingStyles.formPage} data-testid="exam-paper" data-attempt-id={paper.attempt_id}>
      <p className={fundingStyles.notice.info}>
        <Icon name="clock" size={18} />
        <span>
          <Trans>
            Answer all {total} questions and submit by {expiresAt} IST. You pass with more than {paper.pass_mark_percent}% right.
          </Trans>
        </span>
      </p>
      {paper.questions.map((question, index) => {
        const text = labels.questionOf(question.id);
        return (
          <section key={question.id} className={fundingStyles.card}>
            <fieldset className={styles.question} data-testid="exam-question" data-question-id={question.id}>
              <legend className={styles.questionText}>
                {index + 1}. {text.question}
              </legend>
              {Array.from({ length: question.options }, (_, option) => (
                <label key={option} className={styles.option}>
                  <input
                    type="radio"
                    className={styles.radio}
                    name={`question-${question.id}`}
                    value={option}
                    checked={choices[question.id] === option}
                    onChange={() => setChoices((current) => ({ ...current, [question.id]: option }))}
                    data-testid="exam-option"
                    data-question-id={question.id}
                    data-option-index={option}
                  />
                  <span>{text.options(option)}</span>
                </label>
              ))}
            </fieldset>
          </section>
        );
      })}
      <div className={fundingStyles.actionBar}>
        <Button block busy={submit.busy} disabled={answered < total} onClick={submit.run} data-testid="exam-submit" aria-label={answered < total ? t`Submit: ${answered} of ${total} answered` : undefined}>
          {answered < total ? (
            <Trans>
              {answered} of {total} answered
            </Trans>
          ) : (
            <Trans>Submit answers</Trans>
          )}
        </Button>
      </div>
    </div>
  );
}

export function ExamResultView({ result }: { result: ExamResult }) {
  const labels = useCourseLabels();
  // The submit button was at the foot of the paper: the verdict is at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const needed = rightAnswersToPass(result.total, result.pass_mark_percent);
  const retakeAt = result.retake_at ? labels.when(result.retake_at) : null;
  return (
    <div className={fundingStyles.page} data-testid="exam-result" data-passed={result.passed} data-score={result.score_percent}>
      <section className={fundingStyles.card}>
        <div className={fundingStyles.cardHead}>
          <h2 className={fundingStyles.cardTitle}>
            <Trans>Your result</Trans>
          </h2>
          <span className={fundingStyles.badge[result.passed ? 'good' : 'bad']} data-testid="exam-verdict">
            {result.passed ? <Trans>Passed</Trans> : <Trans>Not passed</Trans>}
          </span>
        </div>
        <p className={styles.score} data-testid="exam-score">
          {result.score_percent}%
        </p>
        <p className={fundingStyles.muted}>
          <Trans>
            {result.correct} of {result.total} right
          </Trans>
        </p>
        {result.passed ? (
          <>
            <p className={fundingStyles.notice.info}>
              <Icon name="check" size={18} />
              <span>
                <Trans>You may now follow strategy funds.</Trans>
              </span>
            </p>
            <Link to="/home/fllow" className={`${button.primary} ${fullWidth}`} data-testid="exam-follow-link">
              <Trans>Go to strategy funds</Trans>
            </Link>
          </>
        ) : (
          <>
            <p className={fundingStyles.notice.warning} data-testid="exam-retake">
              <Trans>
                The exam needs more than {result.pass_mark_percent}%: {needed} of {result.total} right. You can try again from {retakeAt} IST.
              </Trans>
            </p>
            <Link to="/home/qcList" search={{}} className={`${button.soft} ${fullWidth}`}>
              <Trans>Review the lessons</Trans>
            </Link>
          </>
        )}
      </section>
      {result.questions.map((graded, index) => {
        const text = labels.questionOf(graded.question_id);
        return (
          <article key={graded.question_id} className={fundingStyles.card} data-testid="exam-result-question" data-question-id={graded.question_id} data-right={graded.right}>
            <p className={styles.questionText}>
              {index + 1}. {text.question}
            </p>
            <p className={styles.resultMark[graded.right ? 'right' : 'wrong']}>{graded.right ? <Trans>Right</Trans> : <Trans>Wrong</Trans>}</p>
            <p className={styles.answerLine}>
              <Trans>Your answer: {text.options(graded.choice)}</Trans>
            </p>
            {graded.right ? null : (
              <p className={styles.answerLine}>
                <Trans>Right answer: {text.options(graded.correct_choice)}</Trans>
              </p>
            )}
          </article>
        );
      })}
    </div>
  );
}
