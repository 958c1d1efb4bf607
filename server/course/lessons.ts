import { type CourseLesson, type CourseLessonId, type CourseList, courseLessonIds, type LessonSession } from '../../contract/course.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { Settings } from '../settings/settings.ts';
import { completableAt, lessonCompletion } from './examRules.ts';

// The lessons' progress, timed by the server alone. course/open records the server's instant
// (buildApp's `now`; the app's clock is never read) and course/complete is accepted only when
// strictly more than `course.lesson_min_seconds` passed since then. Opening a lesson that is
// not yet studied again restarts its clock (a reader who leaves and comes back reads it again);
// opening a studied lesson changes nothing. A refused completion changes nothing and says how
// many whole seconds are still needed. A completion repeated after it was accepted answers the
// studied lesson again (a retry after a lost answer is harmless).

export interface CourseContext {
  db: Database;
  settings: Settings;
  now: () => number;
}

type ViewRow = { lesson_id: string; opened_at: Date | string; completed_at: Date | string | null };

const instantMs = (value: Date | string): number => new Date(value).getTime();
const iso = (ms: number): string => new Date(ms).toISOString();

async function viewsOf(sql: Sql, userId: bigint): Promise<Map<string, ViewRow>> {
  const rows = await sql.query<ViewRow>('SELECT lesson_id, opened_at, completed_at FROM course_lesson_views WHERE user_id = $1', [userId.toString()]);
  return new Map(rows.map((row) => [row.lesson_id, row]));
}

/** Lessons studied of the course's lessons (a view of a lesson no longer in the course does not count). */
export async function lessonsStudied(sql: Sql, userId: bigint): Promise<number> {
  const views = await viewsOf(sql, userId);
  return courseLessonIds.filter((id) => views.get(id)?.completed_at != null).length;
}

function lessonForWire(id: CourseLessonId, view: ViewRow | undefined, minSeconds: number): CourseLesson {
  const position = courseLessonIds.indexOf(id) + 1;
  if (!view) return { id, position, state: 'not_started', opened_at: null, completable_at: null, completed_at: null };
  const openedMs = instantMs(view.opened_at);
  if (view.completed_at !== null) {
    return { id, position, state: 'studied', opened_at: iso(openedMs), completable_at: null, completed_at: iso(instantMs(view.completed_at)) };
  }
  return { id, position, state: 'reading', opened_at: iso(openedMs), completable_at: iso(completableAt(openedMs, minSeconds)), completed_at: null };
}

const minSecondsOf = (context: CourseContext): number => context.settings.get('course.lesson_min_seconds');

export async function listLessons(context: CourseContext, userId: bigint): Promise<CourseList> {
  const minSeconds = minSecondsOf(context);
  const views = await viewsOf(context.db, userId);
  const lessons = courseLessonIds.map((id) => lessonForWire(id, views.get(id), minSeconds));
  return {
    lessons,
    studied: lessons.filter((lesson) => lesson.state === 'studied').length,
    total: lessons.length,
    min_seconds: minSeconds,
    server_time: iso(context.now()),
  };
}

async function sessionOf(sql: Sql, userId: bigint, lessonId: CourseLessonId, minSeconds: number, nowMs: number): Promise<LessonSession> {
  const views = await viewsOf(sql, userId);
  const view = views.get(lessonId);
  const lesson = lessonForWire(lessonId, view, minSeconds);
  let secondsLeft = 0;
  if (view && lesson.state === 'reading') {
    const decision = lessonCompletion(instantMs(view.opened_at), nowMs, minSeconds);
    secondsLeft = decision.ok ? 0 : decision.secondsLeft;
  }
  return {
    lesson,
    min_seconds: minSeconds,
    server_time: iso(nowMs),
    seconds_left: secondsLeft,
    studied: courseLessonIds.filter((id) => views.get(id)?.completed_at != null).length,
    total: courseLessonIds.length,
  };
}

export async function openLesson(context: CourseContext, userId: bigint, lessonId: CourseLessonId): Promise<LessonSession> {
  const nowMs = context.now();
  const minSeconds = minSecondsOf(context);
  return context.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO course_lesson_views (user_id, lesson_id, opened_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (user_id, lesson_id) DO UPDATE SET opened_at = excluded.opened_at WHERE course_lesson_views.completed_at IS NULL`,
      [userId.toString(), lessonId, iso(nowMs)],
    );
    return sessionOf(tx, userId, lessonId, minSeconds, nowMs);
  });
}

export async function completeLesson(context: CourseContext, userId: bigint, lessonId: CourseLessonId): Promise<LessonSession> {
  const nowMs = context.now();
  const minSeconds = minSecondsOf(context);
  return context.db.transaction(async (tx) => {
    const [view] = await tx.query<ViewRow>(
      'SELECT lesson_id, opened_at, completed_at FROM course_lesson_views WHERE user_id = $1 AND lesson_id = $2 FOR UPDATE',
      [userId.toString(), lessonId],
    );
    if (!view) refuse('lesson_not_opened');
    if (view.completed_at === null) {
      const decision = lessonCompletion(instantMs(view.opened_at), nowMs, minSeconds);
      if (!decision.ok) refuse('lesson_too_short', String(decision.secondsLeft));
      await tx.query(
        'UPDATE course_lesson_views SET completed_at = $3::timestamptz, required_seconds = $4 WHERE user_id = $1 AND lesson_id = $2',
        [userId.toString(), lessonId, iso(nowMs), minSeconds],
      );
    }
    return sessionOf(tx, userId, lessonId, minSeconds, nowMs);
  });
}
