import { courseLessonIds, type CourseLesson, type CourseList, type ExamPaper, type ExamResult, type ExamStatus, type LessonSession } from '../../../../contract/course.ts';

// Answers of the courseware commands for component tests (MSW), shaped as the server sends them.

export const serverTime = '2026-11-24T05:00:00.000Z';

export const lessonOf = (id: CourseLesson['id'], changes: Partial<CourseLesson> = {}): CourseLesson => ({
  id, position: courseLessonIds.indexOf(id) + 1, state: 'not_started', opened_at: null, completable_at: null, completed_at: null, ...changes,
});

export const courseListOf = (studied: readonly CourseLesson['id'][] = [], changes: Partial<CourseList> = {}): CourseList => ({
  lessons: courseLessonIds.map((id) => lessonOf(id, studied.includes(id) ? { state: 'studied', opened_at: '2026-11-24T04:00:00.000Z', completed_at: '2026-11-24T04:01:00.000Z' } : {})),
  studied: studied.length,
  total: courseLessonIds.length,
  min_seconds: 40,
  server_time: serverTime,
  ...changes,
});

/** A lesson just opened on the server, with `secondsLeft` until its completion is accepted. */
export const readingSessionOf = (id: CourseLesson['id'], secondsLeft: number, studied = 0): LessonSession => ({
  lesson: lessonOf(id, { state: 'reading', opened_at: serverTime, completable_at: new Date(Date.parse(serverTime) + secondsLeft * 1000).toISOString() }),
  min_seconds: 40,
  server_time: serverTime,
  seconds_left: secondsLeft,
  studied,
  total: courseLessonIds.length,
});

export const studiedSessionOf = (id: CourseLesson['id'], studied: number): LessonSession => ({
  lesson: lessonOf(id, { state: 'studied', opened_at: serverTime, completed_at: '2026-11-24T05:00:41.000Z' }),
  min_seconds: 40,
  server_time: '2026-11-24T05:00:41.000Z',
  seconds_left: 0,
  studied,
  total: courseLessonIds.length,
});

export const examStatusOf = (changes: Partial<ExamStatus> = {}): ExamStatus => ({
  passed: false, passed_at: null, best_score_percent: null, attempts: 0, last_attempt: null, next_step: 'start', retake_at: null,
  lessons_studied: courseLessonIds.length, lessons_total: courseLessonIds.length, question_count: 10, pass_mark_percent: 80,
  retake_minutes: 30, attempt_minutes: 60, server_time: serverTime, ...changes,
});

export const paperQuestionIds = ['nav_formula', 'fees_basis_point', 'risk_recovery'] as const;

export const examPaperOf = (changes: Partial<ExamPaper> = {}): ExamPaper => ({
  attempt_id: '41',
  started_at: serverTime,
  expires_at: '2026-11-24T06:00:00.000Z',
  questions: [{ id: 'nav_formula', options: 4 }, { id: 'fees_basis_point', options: 4 }, { id: 'risk_recovery', options: 4 }],
  pass_mark_percent: 80,
  server_time: serverTime,
  ...changes,
});

export const examResultOf = (changes: Partial<ExamResult> = {}): ExamResult => ({
  attempt_id: '41', correct: 2, total: 3, score_percent: 66, pass_mark_percent: 80, passed: false, submitted_at: '2026-11-24T05:10:00.000Z',
  questions: [
    { question_id: 'nav_formula', options: 4, choice: 1, correct_choice: 1, right: true },
    { question_id: 'fees_basis_point', options: 4, choice: 2, correct_choice: 2, right: true },
    { question_id: 'risk_recovery', options: 4, choice: 1, correct_choice: 3, right: false },
  ],
  retake_at: '2026-11-24T05:40:00.000Z',
  ...changes,
});
