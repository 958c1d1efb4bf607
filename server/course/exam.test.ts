// Proves the exam end to end on a real database with the server's clock faked: it opens only
// after every lesson is studied; it draws ten distinct questions of the bank without their
// answers, and a reload answers the same attempt; answers that do not fit the attempt are refused
// storing nothing; 8 of 10 fails and 9 of 10 passes; a result is stored once and a second submit
// answers it; a failed user waits the configured retake time; an unsubmitted attempt expires
// without a wait; another user's attempt reads as one that does not exist; attempts are never
// changed or deleted; and the gate copy trading asks says passed only after a pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessonIds, examAttemptMinutes } from '../../contract/course.ts';
import type { TestUser } from '../testing/userKit.ts';
import { answersWithRight, type CourseHarness, openCourseHarness } from './courseTestKit.ts';
import { hasPassedCopyTradingExam } from './examGate.ts';
import { bankQuestion, questionBank } from './questionBank.ts';

let harness: CourseHarness;

beforeAll(async () => {
  harness = await openCourseHarness(9844200000);
});
afterAll(async () => {
  await harness?.close();
});

const minute = 60_000;
const call = (path: 'exam/start' | 'exam/status', user: TestUser) => harness.server.call(path, {}, user.session);
const submit = (user: TestUser, attempt_id: string, answers: { question_id: string; choice: number }[]) =>
  harness.server.call('exam/submit', { attempt_id, answers }, user.session);

async function attemptRow(id: string) {
  const [row] = await harness.database.db.query<{ submitted_at: Date | null; answers: number[] | null; correct: number | null; passed: boolean | null }>(
    'SELECT submitted_at, answers, correct, passed FROM course_exam_attempts WHERE id = $1',
    [id],
  );
  return row;
}

async function studiedUser(): Promise<TestUser> {
  const user = await harness.newUser();
  await harness.studyAll(user);
  return user;
}

describe('the exam', () => {
  it('opens-only-after-every-lesson-is-studied', async () => {
    const user = await harness.newUser();
    expect((await call('exam/start', user)).body.msg).toBe(`exam_lessons_not_studied:${courseLessonIds.length}`);
    expect((await call('exam/status', user)).body.data).toMatchObject({ next_step: 'study', lessons_studied: 0, lessons_total: courseLessonIds.length, attempts: 0, last_attempt: null });
    await harness.server.call('course/open', { lesson_id: 'nav' }, user.session);
    harness.advance(41_000);
    await harness.server.call('course/complete', { lesson_id: 'nav' }, user.session);
    expect((await call('exam/start', user)).body.msg).toBe(`exam_lessons_not_studied:${courseLessonIds.length - 1}`);
    const [attempts] = await harness.database.db.query<{ count: number }>('SELECT count(*)::int AS count FROM course_exam_attempts WHERE user_id = $1', [user.userId.toString()]);
    expect(attempts!.count).toBe(0);
    await harness.studyAll(user);
    expect((await call('exam/status', user)).body.data).toMatchObject({ next_step: 'start', lessons_studied: courseLessonIds.length });
  });

  it('draws-ten-distinct-questions-of-the-bank-without-the-answers-and-a-reload-answers-the-same-attempt', async () => {
    const user = await studiedUser();
    const started = await call('exam/start', user);
    expect(started.body.msg).toBe('ok');
    const paper = started.body.data;
    expect(paper.questions).toHaveLength(10);
    expect(new Set(paper.questions.map((question: { id: string }) => question.id)).size).toBe(10);
    for (const question of paper.questions) expect(question.options).toBe(bankQuestion(question.id)!.options);
    // Ids and option counts only: nothing that could give the answer away.
    expect(Object.keys(paper.questions[0]).sort()).toEqual(['id', 'options']);
    expect(JSON.stringify(paper)).not.toMatch(/correct/);
    expect(paper).toMatchObject({ pass_mark_percent: 80, started_at: new Date(harness.now()).toISOString(), expires_at: new Date(harness.now() + examAttemptMinutes * minute).toISOString() });

    harness.advance(5 * minute);
    expect((await call('exam/start', user)).body.data).toMatchObject({ attempt_id: paper.attempt_id, questions: paper.questions });
    // Two starts at once (a double tap on two devices) still make one attempt.
    const other = await studiedUser();
    const both = await Promise.all([call('exam/start', other), call('exam/start', other)]);
    expect(both[0].body.data.attempt_id).toBe(both[1].body.data.attempt_id);
    expect((await call('exam/status', user)).body.data).toMatchObject({ next_step: 'continue', last_attempt: { attempt_id: paper.attempt_id, state: 'open' } });
  });

  it('different-attempts-draw-different-sets-from-the-whole-bank', async () => {
    const seen = new Set<string>();
    for (let index = 0; index < 6; index += 1) {
      const user = await studiedUser();
      const paper = (await call('exam/start', user)).body.data;
      for (const question of paper.questions) seen.add(question.id);
    }
    // Six draws of ten from 36 see far more than one set's worth.
    expect(seen.size).toBeGreaterThan(20);
    for (const id of seen) expect(questionBank.some((question) => question.id === id)).toBe(true);
  });

  it('refuses-answers-that-do-not-fit-the-attempt-and-stores-nothing', async () => {
    const user = await studiedUser();
    const paper = (await call('exam/start', user)).body.data;
    const answers = answersWithRight(paper, 10);
    const foreign = questionBank.find((question) => !paper.questions.some((drawn: { id: string }) => drawn.id === question.id))!;
    const refusals = [
      answers.slice(1),
      [...answers.slice(1), answers[1]!],
      [...answers.slice(1), { question_id: foreign.id, choice: 0 }],
      [...answers.slice(1), { question_id: answers[0]!.question_id, choice: paper.questions[0].options }],
      [...answers, { question_id: foreign.id, choice: 0 }],
    ];
    for (const wrong of refusals) expect((await submit(user, paper.attempt_id, wrong)).body.msg).toBe('exam_answers_mismatch');
    expect((await submit(user, paper.attempt_id, [...answers.slice(1), { question_id: 'Not An Id', choice: 0 }])).body.msg).toBe('exam_answers_mismatch');
    expect(await attemptRow(paper.attempt_id)).toMatchObject({ submitted_at: null, answers: null, correct: null, passed: null });
  });

  it('eight-of-ten-fails-nine-passes-and-a-second-submit-answers-the-stored-result', async () => {
    const user = await studiedUser();
    const first = (await call('exam/start', user)).body.data;
    const failed = await submit(user, first.attempt_id, answersWithRight(first, 8));
    expect(failed.body.data).toMatchObject({ correct: 8, total: 10, score_percent: 80, pass_mark_percent: 80, passed: false, retake_at: new Date(harness.now() + 30 * minute).toISOString() });
    expect(failed.body.data.questions.filter((question: { right: boolean }) => question.right)).toHaveLength(8);
    for (const graded of failed.body.data.questions) expect(graded.correct_choice).toBe(bankQuestion(graded.question_id)!.correct);
    expect(await attemptRow(first.attempt_id)).toMatchObject({ correct: 8, passed: false });

    // Answers sent again (even different ones) get the result stored the first time.
    const again = await submit(user, first.attempt_id, answersWithRight(first, 10));
    expect(again.body.data).toEqual(failed.body.data);
    expect(await hasPassedCopyTradingExam(harness.database.db, user.userId)).toBe(false);

    harness.advance(30 * minute);
    const second = (await call('exam/start', user)).body.data;
    expect(second.attempt_id).not.toBe(first.attempt_id);
    const passed = await submit(user, second.attempt_id, answersWithRight(second, 9));
    expect(passed.body.data).toMatchObject({ correct: 9, score_percent: 90, passed: true, retake_at: null });
    expect(await hasPassedCopyTradingExam(harness.database.db, user.userId)).toBe(true);

    const status = (await call('exam/status', user)).body.data;
    expect(status).toMatchObject({
      passed: true, passed_at: new Date(harness.now()).toISOString(), best_score_percent: 90, attempts: 2, next_step: 'passed', retake_at: null,
      last_attempt: { attempt_id: second.attempt_id, state: 'passed', correct: 9, total: 10, score_percent: 90 },
    });
    expect((await call('exam/start', user)).body.msg).toBe('exam_already_passed');
  });

  it('a-failed-user-waits-the-configured-retake-time', async () => {
    const user = await studiedUser();
    const paper = (await call('exam/start', user)).body.data;
    await submit(user, paper.attempt_id, answersWithRight(paper, 3));
    const failedAt = harness.now();
    expect((await call('exam/start', user)).body.msg).toBe('exam_retake_wait:30');
    expect((await call('exam/status', user)).body.data).toMatchObject({ next_step: 'wait', retake_at: new Date(failedAt + 30 * minute).toISOString(), attempts: 1, best_score_percent: 30 });
    harness.advance(29 * minute + 1);
    expect((await call('exam/start', user)).body.msg).toBe('exam_retake_wait:1');
    harness.advance(minute - 1);
    expect((await call('exam/start', user)).body.msg).toBe('ok');
    const [count] = await harness.database.db.query<{ count: number }>('SELECT count(*)::int AS count FROM course_exam_attempts WHERE user_id = $1', [user.userId.toString()]);
    expect(count!.count).toBe(2);
  });

  it('an-attempt-left-unsubmitted-expires-ungraded-and-imposes-no-wait', async () => {
    const user = await studiedUser();
    const paper = (await call('exam/start', user)).body.data;
    harness.advance(examAttemptMinutes * minute + 1);
    expect((await submit(user, paper.attempt_id, answersWithRight(paper, 10))).body.msg).toBe('exam_attempt_expired');
    expect((await call('exam/status', user)).body.data).toMatchObject({ next_step: 'start', attempts: 0, last_attempt: { attempt_id: paper.attempt_id, state: 'expired', correct: null } });
    const fresh = (await call('exam/start', user)).body.data;
    expect(fresh.attempt_id).not.toBe(paper.attempt_id);
    expect(await attemptRow(paper.attempt_id)).toMatchObject({ submitted_at: null });
  });

  it('another-users-attempt-reads-exactly-as-one-that-does-not-exist', async () => {
    const owner = await studiedUser();
    const stranger = await studiedUser();
    const paper = (await call('exam/start', owner)).body.data;
    const theirs = await submit(stranger, paper.attempt_id, answersWithRight(paper, 10));
    const missing = await submit(stranger, '999999999', answersWithRight(paper, 10));
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.msg).toBe('exam_attempt_not_found');
    expect(await attemptRow(paper.attempt_id)).toMatchObject({ submitted_at: null });
    expect((await submit(stranger, 'abc', [])).body.msg).toBe('invalid_field:attempt_id');
  });
});

describe('the database keeps attempts honest', () => {
  it('refuses-a-pass-below-the-mark-a-change-to-a-graded-attempt-and-a-delete', async () => {
    const user = await studiedUser();
    const paper = (await call('exam/start', user)).body.data;
    const db = harness.database.db;
    const answers = JSON.stringify(Array.from({ length: 10 }, () => 0));
    await expect(
      db.query('UPDATE course_exam_attempts SET submitted_at = started_at, answers = ($2::text)::jsonb, answer_key = ($2::text)::jsonb, correct = 8, passed = true WHERE id = $1', [paper.attempt_id, answers]),
    ).rejects.toThrow();
    await submit(user, paper.attempt_id, answersWithRight(paper, 10));
    await expect(db.query('UPDATE course_exam_attempts SET correct = 9 WHERE id = $1', [paper.attempt_id])).rejects.toThrow();
    await expect(db.query('DELETE FROM course_exam_attempts WHERE id = $1', [paper.attempt_id])).rejects.toThrow();
    expect(await attemptRow(paper.attempt_id)).toMatchObject({ correct: 10, passed: true });
  });
});
