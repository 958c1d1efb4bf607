import { z } from 'zod';
import { idString } from './paging.ts';
import { courseLessonIds } from './constants.ts';

// Zod-free, for the phone app's first load (constants.ts); re-exported where they always were.
export { courseLessonIds };

// Courseware and the exam before copy trading (issue 15; server/course/, docs/courseware.md).
// Before a user's first subscription to a strategy fund they study every lesson and pass the
// exam. The server knows only the lessons' ids and order and the exam's answer key; the app
// writes each lesson's and each question's text in the reader's language, by id.
//
// A lesson counts as studied only when the server's own clock says more than
// `course.lesson_min_seconds` (a setting, 40 by default) passed between its `course/open` and
// its `course/complete`; opening a lesson not yet studied again restarts its clock. The exam
// draws `examQuestionCount` questions from the bank; it is passed when
// correct × 100 > examPassMarkPercent × total (strictly above 80 %: 8 of 10 fails, 9 passes).
// Times travel as ISO 8601 instants, ids as strings.

export type CourseLessonId = (typeof courseLessonIds)[number];

/** Questions one exam draws from the bank. */
export const examQuestionCount = 10;
/** The pass mark, exclusive: a score must be above it. */
export const examPassMarkPercent = 80;
/** An attempt not submitted this long after it started expires ungraded (and imposes no wait). */
export const examAttemptMinutes = 60;

/** not_started: never opened; reading: opened, the server's clock is running; studied: completed. */
export const lessonStates = ['not_started', 'reading', 'studied'] as const;
export type LessonState = (typeof lessonStates)[number];

/** A question id: a short lower-case slug the app finds the question's text by. */
export const questionIdField = z.string({ error: 'exam_answers_mismatch' }).regex(/^[a-z][a-z0-9_]{0,63}$/, 'exam_answers_mismatch');
export const lessonIdField = z.enum(courseLessonIds, { error: 'lesson_not_found' });

const instant = z.string();

export const courseLesson = z.object({
  id: z.enum(courseLessonIds),
  /** 1 for the first lesson. */
  position: z.number().int(),
  state: z.enum(lessonStates),
  /** When the server last opened it (its clock starts here); null before the first open. */
  opened_at: instant.nullable(),
  /** The first instant the server accepts its completion: opened_at + the minimum + 1 ms; null unless reading. */
  completable_at: instant.nullable(),
  completed_at: instant.nullable(),
});
export type CourseLesson = z.infer<typeof courseLesson>;

export const courseListResponse = z.object({
  lessons: z.array(courseLesson),
  studied: z.number().int(),
  total: z.number().int(),
  /** A lesson must be open strictly longer than this on the server's clock. */
  min_seconds: z.number().int(),
  /** The server's clock when it answered: the app counts down from completable_at − server_time, never from its own clock. */
  server_time: instant,
});
export type CourseList = z.infer<typeof courseListResponse>;

/** The answer of course/open and course/complete: the lesson and the server's clock. */
export const lessonSessionResponse = z.object({
  lesson: courseLesson,
  min_seconds: z.number().int(),
  server_time: instant,
  /** Whole seconds until the server accepts the completion (0 when it would now, or when studied). */
  seconds_left: z.number().int(),
  studied: z.number().int(),
  total: z.number().int(),
});
export type LessonSession = z.infer<typeof lessonSessionResponse>;

/** One drawn question: the app shows its text by id; the answer key never leaves the server before grading. */
export const examQuestion = z.object({ id: z.string(), options: z.number().int() });

export const examPaperResponse = z.object({
  attempt_id: z.string(),
  started_at: instant,
  /** Submit before this; afterwards the attempt expires ungraded. */
  expires_at: instant,
  questions: z.array(examQuestion),
  pass_mark_percent: z.number().int(),
  server_time: instant,
});
export type ExamPaper = z.infer<typeof examPaperResponse>;

export const examAnswer = z.object({
  question_id: questionIdField,
  /** The option's index, 0 for the first. */
  choice: z.number({ error: 'exam_answers_mismatch' }).int('exam_answers_mismatch').min(0, 'exam_answers_mismatch').max(9, 'exam_answers_mismatch'),
});
export const examSubmitRequest = z.object({
  attempt_id: idString,
  answers: z.array(examAnswer, { error: 'exam_answers_mismatch' }).max(50, 'exam_answers_mismatch'),
});

/** A graded question: what the user chose, the right option, and whether they matched. */
export const examQuestionResult = z.object({ question_id: z.string(), options: z.number().int(), choice: z.number().int(), correct_choice: z.number().int(), right: z.boolean() });

export const examResultResponse = z.object({
  attempt_id: z.string(),
  correct: z.number().int(),
  total: z.number().int(),
  /** ⌊correct × 100 ÷ total⌋, for display; `passed` is decided by the exact rule above. */
  score_percent: z.number().int(),
  pass_mark_percent: z.number().int(),
  passed: z.boolean(),
  submitted_at: instant,
  questions: z.array(examQuestionResult),
  /** After a failed attempt: the first instant a new attempt may start; null after a pass. */
  retake_at: instant.nullable(),
});
export type ExamResult = z.infer<typeof examResultResponse>;

/** open: started, not submitted, not expired; expired: not submitted in time (ungraded). */
export const examAttemptStates = ['open', 'expired', 'passed', 'failed'] as const;
export type ExamAttemptState = (typeof examAttemptStates)[number];

export const examAttemptSummary = z.object({
  attempt_id: z.string(),
  state: z.enum(examAttemptStates),
  started_at: instant,
  expires_at: instant,
  submitted_at: instant.nullable(),
  correct: z.number().int().nullable(),
  total: z.number().int(),
  score_percent: z.number().int().nullable(),
});
export type ExamAttemptSummary = z.infer<typeof examAttemptSummary>;

/**
 * What the user can do next: study (lessons left), start, continue (an open attempt), wait
 * (after a failed attempt, until retake_at), or passed (copy trading is open to them).
 */
export const examNextSteps = ['study', 'start', 'continue', 'wait', 'passed'] as const;
export type ExamNextStep = (typeof examNextSteps)[number];

export const examStatusResponse = z.object({
  passed: z.boolean(),
  passed_at: instant.nullable(),
  /** The best graded score, in whole percent; null before the first graded attempt. */
  best_score_percent: z.number().int().nullable(),
  /** Graded attempts (submitted); attempts that expired ungraded are not counted. */
  attempts: z.number().int(),
  /** The latest attempt in any state. */
  last_attempt: examAttemptSummary.nullable(),
  next_step: z.enum(examNextSteps),
  /** When next_step is wait: the first instant a new attempt may start. */
  retake_at: instant.nullable(),
  lessons_studied: z.number().int(),
  lessons_total: z.number().int(),
  question_count: z.number().int(),
  pass_mark_percent: z.number().int(),
  retake_minutes: z.number().int(),
  attempt_minutes: z.number().int(),
  server_time: instant,
});
export type ExamStatus = z.infer<typeof examStatusResponse>;

const nothingAsked = z.object({});

export const courseCommands = {
  /** Every lesson in order with the caller's progress. */
  'course/list': { auth: true, request: nothingAsked, response: courseListResponse },
  /** Starts (or, if not yet studied, restarts) the lesson's clock on the server. */
  'course/open': { auth: true, request: z.object({ lesson_id: lessonIdField }), response: lessonSessionResponse },
  /** Marks the lesson studied if the server's clock says it was open long enough; refused with lesson_too_short:<seconds left> otherwise. */
  'course/complete': { auth: true, request: z.object({ lesson_id: lessonIdField }), response: lessonSessionResponse },
  /** Draws a new exam, or answers the attempt still open. */
  'exam/start': { auth: true, request: nothingAsked, response: examPaperResponse },
  /** Grades an attempt once; submitting it again answers the stored result. */
  'exam/submit': { auth: true, request: examSubmitRequest, response: examResultResponse },
  'exam/status': { auth: true, request: nothingAsked, response: examStatusResponse },
} as const;
