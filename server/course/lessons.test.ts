// Proves a lesson is timed by the server's clock alone (faked here): a completion 39 s after the
// open is refused with the seconds still needed and changes nothing, 41 s after it is accepted;
// opening an unstudied lesson again restarts its clock while a studied one stays studied; a
// completion without an open or for an unknown lesson is refused; the minimum is the audited
// setting course.lesson_min_seconds; and the database itself refuses a short or changed view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessonIds } from '../../contract/course.ts';
import { createAndLogInStaff } from '../testing/staffKit.ts';
import { type CourseHarness, openCourseHarness } from './courseTestKit.ts';

let harness: CourseHarness;

beforeAll(async () => {
  harness = await openCourseHarness(9844100000);
});
afterAll(async () => {
  await harness?.close();
});

const open = (session: { token: string; account: string }, lesson_id: string) => harness.server.call('course/open', { lesson_id }, session);
const complete = (session: { token: string; account: string }, lesson_id: string) => harness.server.call('course/complete', { lesson_id }, session);

async function viewRow(userId: bigint, lessonId: string) {
  const [row] = await harness.database.db.query<{ opened_at: Date; completed_at: Date | null; required_seconds: number | null }>(
    'SELECT opened_at, completed_at, required_seconds FROM course_lesson_views WHERE user_id = $1 AND lesson_id = $2',
    [userId.toString(), lessonId],
  );
  return row;
}

describe('course timing', () => {
  it('a-completion-after-39-seconds-is-refused-and-after-41-accepted-on-the-server-clock', async () => {
    const user = await harness.newUser();
    const listed = (await harness.server.call('course/list', {}, user.session)).body.data;
    expect(listed).toMatchObject({ studied: 0, total: courseLessonIds.length, min_seconds: 40 });
    expect(listed.lessons.map((lesson: { id: string }) => lesson.id)).toEqual([...courseLessonIds]);
    expect(listed.lessons[0]).toMatchObject({ position: 1, state: 'not_started', opened_at: null });

    const openedAt = harness.now();
    const opened = (await open(user.session, 'nav')).body.data;
    expect(opened).toMatchObject({
      lesson: { id: 'nav', state: 'reading', opened_at: new Date(openedAt).toISOString(), completable_at: new Date(openedAt + 40_001).toISOString() },
      seconds_left: 41, min_seconds: 40, server_time: new Date(openedAt).toISOString(),
    });

    harness.advance(39_000);
    const early = await complete(user.session, 'nav');
    expect(early.body).toMatchObject({ status: 0, msg: 'lesson_too_short:2' });
    expect(await viewRow(user.userId, 'nav')).toMatchObject({ completed_at: null, required_seconds: null });
    harness.advance(1_000);
    expect((await complete(user.session, 'nav')).body.msg).toBe('lesson_too_short:1');

    harness.advance(1_000);
    const accepted = await complete(user.session, 'nav');
    expect(accepted.body.msg).toBe('ok');
    expect(accepted.body.data).toMatchObject({ lesson: { state: 'studied', completed_at: new Date(openedAt + 41_000).toISOString() }, seconds_left: 0, studied: 1 });
    expect(await viewRow(user.userId, 'nav')).toMatchObject({ required_seconds: 40 });
    // A retry after a lost answer gets the studied lesson again, unchanged.
    harness.advance(5_000);
    expect((await complete(user.session, 'nav')).body.data.lesson.completed_at).toBe(new Date(openedAt + 41_000).toISOString());
    expect((await harness.server.call('course/list', {}, user.session)).body.data.studied).toBe(1);
  });

  it('opening-an-unstudied-lesson-again-restarts-its-clock-and-a-studied-one-stays-studied', async () => {
    const user = await harness.newUser();
    await open(user.session, 'fees');
    harness.advance(30_000);
    const reopenedAt = harness.now();
    expect((await open(user.session, 'fees')).body.data.lesson.opened_at).toBe(new Date(reopenedAt).toISOString());
    harness.advance(20_000);
    // 50 s after the first open, but only 20 s after the second.
    expect((await complete(user.session, 'fees')).body.msg).toBe('lesson_too_short:21');
    harness.advance(21_000);
    expect((await complete(user.session, 'fees')).body.msg).toBe('ok');

    harness.advance(60_000);
    const again = (await open(user.session, 'fees')).body.data;
    expect(again).toMatchObject({ lesson: { state: 'studied', opened_at: new Date(reopenedAt).toISOString() }, seconds_left: 0 });
  });

  it('a-completion-without-an-open-or-for-an-unknown-lesson-is-refused', async () => {
    const user = await harness.newUser();
    expect((await complete(user.session, 'risk_and_drawdown')).body.msg).toBe('lesson_not_opened');
    expect((await complete(user.session, 'how_to_get_rich')).body.msg).toBe('lesson_not_found');
    expect((await open(user.session, 'how_to_get_rich')).body.msg).toBe('lesson_not_found');
    expect((await harness.server.call('course/list', {})).httpStatus).toBe(401);
  });

  it('one-users-progress-is-never-anothers', async () => {
    const first = await harness.newUser();
    const second = await harness.newUser();
    await open(first.session, 'past_results');
    harness.advance(41_000);
    expect((await complete(second.session, 'past_results')).body.msg).toBe('lesson_not_opened');
    expect((await complete(first.session, 'past_results')).body.msg).toBe('ok');
    expect((await harness.server.call('course/list', {}, second.session)).body.data.studied).toBe(0);
  });

  it('the-minimum-is-the-audited-setting-staff-change-in-the-back-office', async () => {
    const admin = await createAndLogInStaff(harness.database.db, harness.server, 'course-admin', 'admin');
    const update = (value: number, reason: string) =>
      harness.server.call('admin/settings/update', { name: 'course.lesson_min_seconds', value, reason }, admin.headers);
    expect((await update(0, 'Too short')).body.msg).toBe('setting_value_invalid');
    expect((await update(5, 'Browser test')).body.msg).toBe('ok');
    try {
      const user = await harness.newUser();
      await open(user.session, 'what_is_a_strategy_fund');
      harness.advance(5_000);
      expect((await complete(user.session, 'what_is_a_strategy_fund')).body.msg).toBe('lesson_too_short:1');
      harness.advance(1_000);
      expect((await complete(user.session, 'what_is_a_strategy_fund')).body.data.min_seconds).toBe(5);
      expect(await viewRow(user.userId, 'what_is_a_strategy_fund')).toMatchObject({ required_seconds: 5 });
    } finally {
      expect((await update(40, 'Back to the default')).body.msg).toBe('ok');
    }
  });
});

describe('the database keeps lesson views honest', () => {
  it('refuses-a-completion-shorter-than-its-minimum-a-change-to-a-studied-view-and-a-delete', async () => {
    const user = await harness.newUser();
    const db = harness.database.db;
    await open(user.session, 'nav');
    await expect(
      db.query("UPDATE course_lesson_views SET completed_at = opened_at + interval '40 seconds', required_seconds = 40 WHERE user_id = $1 AND lesson_id = 'nav'", [user.userId.toString()]),
    ).rejects.toThrow();
    harness.advance(41_000);
    expect((await complete(user.session, 'nav')).body.msg).toBe('ok');
    await expect(db.query("UPDATE course_lesson_views SET opened_at = opened_at - interval '1 hour' WHERE user_id = $1 AND lesson_id = 'nav'", [user.userId.toString()])).rejects.toThrow();
    await expect(db.query("DELETE FROM course_lesson_views WHERE user_id = $1 AND lesson_id = 'nav'", [user.userId.toString()])).rejects.toThrow();
    expect(await viewRow(user.userId, 'nav')).toMatchObject({ required_seconds: 40 });
  });
});
