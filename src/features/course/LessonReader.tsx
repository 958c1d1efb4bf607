import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { type CourseLessonId, courseLessonIds, type LessonSession } from '../../../contract/course.ts';
import { CommandRefused, call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { LoadStates } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { button, fullWidth } from '../../ui/ui.css.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import * as fundingStyles from '../funding/funding.css.ts';
import * as styles from './course.css.ts';
import { useCourseLabels } from './courseText.ts';
import { lessonTexts } from './lessonTexts.ts';

/**
 * One lesson. Showing it opens it on the server, which starts (or, if not yet studied,
 * restarts) the lesson's clock there. The countdown only mirrors the server's: it runs from the
 * server's own completable_at − server_time, measured here as elapsed time, never from the
 * device's idea of the time of day; the server decides when "Mark as studied" is accepted.
 */
export function LessonReader({ lessonId }: { lessonId: CourseLessonId }) {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('course/open', { lesson_id: lessonId }, { silent: true }), [lessonId]));
  return (
    <div className={fundingStyles.page}>
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`This lesson could not be opened.`}
        skeleton={
          <div className={styles.reader} aria-busy="true">
            <Skeleton width="70%" height={26} />
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} width="100%" height={72} />
            ))}
          </div>
        }
      >
        {(session) => <Lesson lessonId={lessonId} opened={session} />}
      </LoadStates>
    </div>
  );
}

/** Milliseconds until the server accepts the completion, on the server's clock, when `session` arrived. */
const waitMsOf = (session: LessonSession): number =>
  session.lesson.state === 'reading' && session.lesson.completable_at ? Math.max(0, Date.parse(session.lesson.completable_at) - Date.parse(session.server_time)) : 0;

/** Whole seconds left until a deadline on this device's clock, re-read every quarter second while it runs. */
function useSecondsLeft(deadlineMs: number): number {
  // The clock is read while rendering, not kept in state: a deadline set a moment ago must not be
  // measured against a "now" remembered from the last tick (that showed a second or more too many).
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadlineMs <= Date.now()) return undefined;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= deadlineMs) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadlineMs]);
  return Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000));
}

function Lesson({ lessonId, opened }: { lessonId: CourseLessonId; opened: LessonSession }) {
  const { i18n } = useLingui();
  const [session, setSession] = useState(opened);
  const [deadlineMs, setDeadlineMs] = useState(() => Date.now() + waitMsOf(opened));
  const secondsLeft = useSecondsLeft(deadlineMs);
  const text = lessonTexts[lessonId];
  const studied = session.lesson.state === 'studied';
  const complete = useSingleFlight(async () => {
    try {
      const answer = await call('course/complete', { lesson_id: lessonId });
      setSession(answer);
      setDeadlineMs(Date.now() + waitMsOf(answer));
    } catch (error) {
      // The server's clock decides: if it needs a little longer (a slow network, a device
      // clock that runs fast), count down what it says is left.
      if (error instanceof CommandRefused && error.key === 'lesson_too_short' && error.param && /^\d+$/.test(error.param)) {
        setDeadlineMs(Date.now() + Number(error.param) * 1000);
      }
      throw error;
    }
  });
  const position = courseLessonIds.indexOf(lessonId) + 1;
  const total = courseLessonIds.length;
  return (
    <article className={styles.reader} data-testid="course-reader" data-lesson-id={lessonId} data-state={session.lesson.state}>
      <p className={fundingStyles.muted}>
        <Trans>
          Lesson {position} of {total}
        </Trans>
      </p>
      <h2 className={styles.readerTitle}>{i18n._(text.title)}</h2>
      {text.paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {i18n._(paragraph)}
        </p>
      ))}
      {studied ? <StudiedActions lessonId={lessonId} session={session} /> : <ReadingTimer session={session} secondsLeft={secondsLeft} busy={complete.busy} onComplete={complete.run} />}
    </article>
  );
}

function ReadingTimer({ session, secondsLeft, busy, onComplete }: { session: LessonSession; secondsLeft: number; busy: boolean; onComplete: () => void }) {
  const minSeconds = session.min_seconds;
  return (
    <section className={fundingStyles.card}>
      <p className={fundingStyles.muted}>
        <Trans>The server counts your reading time: a lesson counts as studied after more than {minSeconds} seconds on this page.</Trans>
      </p>
      {secondsLeft > 0 ? (
        <p className={styles.countdown} data-testid="course-countdown" data-seconds-left={secondsLeft}>
          <Trans>{secondsLeft} s left</Trans>
        </p>
      ) : null}
      <p className={fundingStyles.fieldHint} aria-live="polite">
        {secondsLeft > 0 ? null : <Trans>You can now mark this lesson as studied.</Trans>}
      </p>
      <Button block busy={busy} disabled={secondsLeft > 0} onClick={onComplete} data-testid="course-complete">
        <Trans>Mark as studied</Trans>
      </Button>
    </section>
  );
}

function StudiedActions({ lessonId, session }: { lessonId: CourseLessonId; session: LessonSession }) {
  const labels = useCourseLabels();
  const next = courseLessonIds[courseLessonIds.indexOf(lessonId) + 1];
  const allStudied = session.studied >= session.total;
  return (
    <section className={fundingStyles.card} data-testid="course-studied">
      <p className={fundingStyles.notice.info}>
        <Icon name="check" size={18} />
        <span>
          <Trans>
            Studied. {session.studied} of {session.total} lessons done.
          </Trans>
        </span>
      </p>
      <div className={styles.buttonRow}>
        {allStudied ? (
          <Link to="/home/qcList" search={{ view: 'exam' }} className={`${button.primary} ${fullWidth}`} data-testid="course-exam-link">
            <Trans>Take the exam</Trans>
          </Link>
        ) : null}
        {next ? (
          <Link to="/home/qcList" search={{ lesson: next }} replace className={`${allStudied ? button.secondary : button.primary} ${fullWidth}`} data-testid="course-next-lesson">
            <Trans>Next: {labels.lessonTitle(next)}</Trans>
          </Link>
        ) : null}
        <Link to="/home/qcList" search={{}} className={`${button.ghost} ${fullWidth}`}>
          <Trans>All lessons</Trans>
        </Link>
      </div>
    </section>
  );
}
