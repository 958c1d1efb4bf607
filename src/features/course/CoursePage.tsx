import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { CourseLesson, CourseList } from '../../../contract/course.ts';
import { call } from '../../api/commandBus.ts';
import { courseSearch } from '../../app/routeSearch.ts';
import { Icon } from '../../ui/icons.tsx';
import { LoadStates, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import * as uiStyles from '../../ui/ui.css.ts';
import * as fundingStyles from '../funding/funding.css.ts';
import * as styles from './course.css.ts';
import { useCourseLabels } from './courseText.ts';
import { ExamCard } from './ExamCard.tsx';
import { ExamView } from './ExamView.tsx';
import { LessonReader } from './LessonReader.tsx';
import { lessonTexts } from './lessonTexts.ts';

/** /home/qcList: the lessons and the exam a user passes before following a strategy fund; ?lesson=… reads one, ?view=exam takes the exam. */
export function CoursePage() {
  const { lesson, view } = courseSearch.useSearch();
  if (lesson) return <LessonReader key={lesson} lessonId={lesson} />;
  if (view === 'exam') return <ExamView />;
  return <CourseOverview />;
}

const loadOverview = () => Promise.all([call('course/list', {}, { silent: true }), call('exam/status', {}, { silent: true })]);

function CourseOverview() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(loadOverview, []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={fundingStyles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <div className={fundingStyles.page}>
        <LoadStates state={state} onRetry={reload} errorTitle={t`The courseware could not be loaded.`} skeleton={<SkeletonRows count={6} />}>
          {([course, exam]) => (
            <>
              <ProgressCard course={course} />
              <ExamCard exam={exam} />
              <ol className={styles.lessonList} aria-label={t`Lessons`}>
                {course.lessons.map((lesson) => (
                  <LessonRow key={lesson.id} lesson={lesson} />
                ))}
              </ol>
            </>
          )}
        </LoadStates>
      </div>
    </div>
  );
}

function ProgressCard({ course }: { course: CourseList }) {
  const percent = course.total > 0 ? Math.round((course.studied * 100) / course.total) : 0;
  return (
    <section className={fundingStyles.card} data-testid="course-progress" data-studied={course.studied} data-total={course.total}>
      <h2 className={fundingStyles.cardTitle}>
        <Trans>Learn before you follow a strategy fund</Trans>
      </h2>
      <p className={fundingStyles.muted}>
        <Trans>
          Study each lesson for more than {course.min_seconds} seconds (the server counts the time), then pass the exam. Copy trading opens once you have passed.
        </Trans>
      </p>
      <div className={styles.progressTrack} role="progressbar" aria-valuemin={0} aria-valuemax={course.total} aria-valuenow={course.studied}>
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>
        <Trans>
          {course.studied} of {course.total} lessons studied
        </Trans>
      </p>
    </section>
  );
}

function LessonRow({ lesson }: { lesson: CourseLesson }) {
  const { i18n } = useLingui();
  const labels = useCourseLabels();
  const text = lessonTexts[lesson.id];
  return (
    <li>
      <Link to="/home/qcList" search={{ lesson: lesson.id }} className={styles.lessonLink} data-testid="course-lesson" data-lesson-id={lesson.id} data-state={lesson.state}>
        <span className={styles.lessonMark[lesson.state]} aria-hidden="true">
          {lesson.state === 'studied' ? <Icon name="check" size={18} /> : lesson.position}
        </span>
        <span className={styles.lessonBody}>
          <span className={styles.lessonTitle}>{i18n._(text.title)}</span>
          <span className={styles.lessonSummary}>{i18n._(text.summary)}</span>
        </span>
        {lesson.state === 'not_started' ? (
          <span className={uiStyles.visuallyHidden}>{labels.lessonState[lesson.state]}</span>
        ) : (
          <span className={fundingStyles.badge[lesson.state === 'studied' ? 'good' : 'waiting']}>{labels.lessonState[lesson.state]}</span>
        )}
      </Link>
    </li>
  );
}
