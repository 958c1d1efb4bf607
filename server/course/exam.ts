import { randomInt } from 'node:crypto';
import {
  courseLessonIds,
  examAttemptMinutes,
  type ExamAttemptSummary,
  type ExamPaper,
  examPassMarkPercent,
  examQuestionCount,
  type ExamResult,
  type ExamStatus,
  type examSubmitRequest,
} from '../../contract/course.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { z } from 'zod';
import { answersMatch, drawQuestions, examPassed, minutesLeft, retakeAt, scorePercent } from './examRules.ts';
import { type CourseContext, lessonsStudied } from './lessons.ts';
import { bankQuestion, questionBank } from './questionBank.ts';

// The exam before copy trading (docs/courseware.md). exam/start is refused until every lesson is
// studied, and after a failed attempt until `course.exam_retake_minutes` have passed; while an
// attempt is open it answers that attempt again (a reload never draws new questions). A new
// attempt draws examQuestionCount distinct questions uniformly at random (node:crypto) from the
// bank. exam/submit grades once: it stores the answers, the answer key, the count of right
// answers and whether they pass (correct × 100 > 80 × total); submitting the same attempt again
// answers the stored result, whatever it carries. An attempt not submitted within
// examAttemptMinutes expires ungraded and imposes no wait. Someone else's attempt id gets the
// same answer as an id that does not exist. Each start and submit locks the user's row, so one
// user's commands run one after the other.

type AttemptRow = {
  id: bigint;
  question_ids: string[];
  total: number;
  pass_mark: number;
  started_at: Date | string;
  expires_at: Date | string;
  submitted_at: Date | string | null;
  answers: number[] | null;
  answer_key: number[] | null;
  correct: number | null;
  passed: boolean | null;
};

const attemptColumns = 'id, question_ids, total, pass_mark, started_at, expires_at, submitted_at, answers, answer_key, correct, passed';
const minuteMs = 60_000;
const ms = (value: Date | string): number => new Date(value).getTime();
const iso = (value: number): string => new Date(value).toISOString();

const retakeMinutesOf = (context: CourseContext): number => context.settings.get('course.exam_retake_minutes');

async function lockUser(sql: Sql, userId: bigint): Promise<void> {
  await sql.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId.toString()]);
}

async function latestAttempt(sql: Sql, userId: bigint): Promise<AttemptRow | undefined> {
  const [row] = await sql.query<AttemptRow>(`SELECT ${attemptColumns} FROM course_exam_attempts WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [userId.toString()]);
  return row;
}

type Standing = { passedAt: number | null; graded: number; bestScore: number | null; lastFailedAt: number | null };

async function standingOf(sql: Sql, userId: bigint): Promise<Standing> {
  const [row] = await sql.query<{ passed_at: Date | string | null; graded: number; best_score: number | null; last_failed_at: Date | string | null }>(
    `SELECT min(submitted_at) FILTER (WHERE passed) AS passed_at,
            (count(*) FILTER (WHERE submitted_at IS NOT NULL))::int AS graded,
            max((correct * 100) / total) AS best_score,
            max(submitted_at) FILTER (WHERE NOT passed) AS last_failed_at
       FROM course_exam_attempts WHERE user_id = $1`,
    [userId.toString()],
  );
  return {
    passedAt: row?.passed_at ? ms(row.passed_at) : null,
    graded: row?.graded ?? 0,
    bestScore: row?.best_score ?? null,
    lastFailedAt: row?.last_failed_at ? ms(row.last_failed_at) : null,
  };
}

const isOpen = (row: AttemptRow, nowMs: number): boolean => row.submitted_at === null && nowMs <= ms(row.expires_at);

function paperOf(row: AttemptRow, nowMs: number): ExamPaper {
  return {
    attempt_id: row.id.toString(),
    started_at: iso(ms(row.started_at)),
    expires_at: iso(ms(row.expires_at)),
    questions: row.question_ids.map((id) => ({ id, options: bankQuestion(id)?.options ?? 0 })),
    pass_mark_percent: row.pass_mark,
    server_time: iso(nowMs),
  };
}

function resultOf(row: AttemptRow, retakeMinutes: number): ExamResult {
  const answers = row.answers ?? [];
  const key = row.answer_key ?? [];
  const submittedMs = ms(row.submitted_at!);
  return {
    attempt_id: row.id.toString(),
    correct: row.correct ?? 0,
    total: row.total,
    score_percent: scorePercent(row.correct ?? 0, row.total),
    pass_mark_percent: row.pass_mark,
    passed: row.passed === true,
    submitted_at: iso(submittedMs),
    questions: row.question_ids.map((id, index) => ({
      question_id: id,
      options: bankQuestion(id)?.options ?? Math.max(answers[index]!, key[index]!) + 1,
      choice: answers[index]!,
      correct_choice: key[index]!,
      right: answers[index] === key[index],
    })),
    retake_at: row.passed ? null : iso(retakeAt(submittedMs, retakeMinutes)),
  };
}

export async function startExam(context: CourseContext, userId: bigint): Promise<ExamPaper> {
  const nowMs = context.now();
  return context.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const standing = await standingOf(tx, userId);
    if (standing.passedAt !== null) refuse('exam_already_passed');
    const left = courseLessonIds.length - (await lessonsStudied(tx, userId));
    if (left > 0) refuse('exam_lessons_not_studied', String(left));
    const latest = await latestAttempt(tx, userId);
    if (latest && isOpen(latest, nowMs)) return paperOf(latest, nowMs);
    if (standing.lastFailedAt !== null) {
      const waitMinutes = minutesLeft(retakeAt(standing.lastFailedAt, retakeMinutesOf(context)), nowMs);
      if (waitMinutes > 0) refuse('exam_retake_wait', String(waitMinutes));
    }
    const questionIds = drawQuestions(questionBank.map((question) => question.id), examQuestionCount, (n) => randomInt(n));
    const [row] = await tx.query<AttemptRow>(
      `INSERT INTO course_exam_attempts (user_id, question_ids, total, pass_mark, started_at, expires_at)
       VALUES ($1, $2::text[], $3, $4, $5::timestamptz, $6::timestamptz) RETURNING ${attemptColumns}`,
      [userId.toString(), questionIds, questionIds.length, examPassMarkPercent, iso(nowMs), iso(nowMs + examAttemptMinutes * minuteMs)],
    );
    return paperOf(row!, nowMs);
  });
}

export async function submitExam(context: CourseContext, userId: bigint, body: z.output<typeof examSubmitRequest>): Promise<ExamResult> {
  const nowMs = context.now();
  const retakeMinutes = retakeMinutesOf(context);
  return context.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [attempt] = await tx.query<AttemptRow>(
      `SELECT ${attemptColumns} FROM course_exam_attempts WHERE id = $1 AND user_id = $2`,
      [body.attempt_id, userId.toString()],
    );
    if (!attempt) refuse('exam_attempt_not_found');
    if (attempt.submitted_at !== null) return resultOf(attempt, retakeMinutes);
    if (nowMs > ms(attempt.expires_at)) refuse('exam_attempt_expired');
    if (!answersMatch(attempt.question_ids, (id) => bankQuestion(id)?.options ?? 0, body.answers)) refuse('exam_answers_mismatch');

    const choiceOf = new Map(body.answers.map((answer) => [answer.question_id, answer.choice]));
    const answers = attempt.question_ids.map((id) => choiceOf.get(id)!);
    const answerKey = attempt.question_ids.map((id) => bankQuestion(id)!.correct);
    const correct = answers.filter((choice, index) => choice === answerKey[index]).length;
    const passed = examPassed(correct, attempt.total, attempt.pass_mark);
    const [graded] = await tx.query<AttemptRow>(
      `UPDATE course_exam_attempts SET submitted_at = $2::timestamptz, answers = ($3::text)::jsonb, answer_key = ($4::text)::jsonb, correct = $5, passed = $6
        WHERE id = $1 RETURNING ${attemptColumns}`,
      [attempt.id.toString(), iso(nowMs), JSON.stringify(answers), JSON.stringify(answerKey), correct, passed],
    );
    return resultOf(graded!, retakeMinutes);
  });
}

function summaryOf(row: AttemptRow, nowMs: number): ExamAttemptSummary {
  let state: ExamAttemptSummary['state'];
  if (row.submitted_at !== null) state = row.passed ? 'passed' : 'failed';
  else state = isOpen(row, nowMs) ? 'open' : 'expired';
  return {
    attempt_id: row.id.toString(),
    state,
    started_at: iso(ms(row.started_at)),
    expires_at: iso(ms(row.expires_at)),
    submitted_at: row.submitted_at === null ? null : iso(ms(row.submitted_at)),
    correct: row.correct,
    total: row.total,
    score_percent: row.correct === null ? null : scorePercent(row.correct, row.total),
  };
}

export async function examStatus(context: CourseContext, userId: bigint): Promise<ExamStatus> {
  const nowMs = context.now();
  const retakeMinutes = retakeMinutesOf(context);
  const [standing, studied, latest] = await Promise.all([standingOf(context.db, userId), lessonsStudied(context.db, userId), latestAttempt(context.db, userId)]);
  const waitUntil = standing.lastFailedAt === null ? null : retakeAt(standing.lastFailedAt, retakeMinutes);
  let nextStep: ExamStatus['next_step'];
  if (standing.passedAt !== null) nextStep = 'passed';
  else if (studied < courseLessonIds.length) nextStep = 'study';
  else if (latest && isOpen(latest, nowMs)) nextStep = 'continue';
  else if (waitUntil !== null && waitUntil > nowMs) nextStep = 'wait';
  else nextStep = 'start';
  return {
    passed: standing.passedAt !== null,
    passed_at: standing.passedAt === null ? null : iso(standing.passedAt),
    best_score_percent: standing.bestScore,
    attempts: standing.graded,
    last_attempt: latest ? summaryOf(latest, nowMs) : null,
    next_step: nextStep,
    retake_at: nextStep === 'wait' ? iso(waitUntil!) : null,
    lessons_studied: studied,
    lessons_total: courseLessonIds.length,
    question_count: examQuestionCount,
    pass_mark_percent: examPassMarkPercent,
    retake_minutes: retakeMinutes,
    attempt_minutes: examAttemptMinutes,
    server_time: iso(nowMs),
  };
}
