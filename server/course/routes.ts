import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { examStatus, startExam, submitExam } from './exam.ts';
import { completeLesson, type CourseContext, listLessons, openLesson } from './lessons.ts';

// The courseware and exam before copy trading. Each handler passes the caller's own id: a user
// only ever reads and changes their own progress and attempts.
export function registerCourseRoutes(app: FastifyInstance, authenticators: Authenticators, context: CourseContext): void {
  registerCommand(app, authenticators, 'course/list', ({ session }) => listLessons(context, session.userId));
  registerCommand(app, authenticators, 'course/open', ({ body, session }) => openLesson(context, session.userId, body.lesson_id));
  registerCommand(app, authenticators, 'course/complete', ({ body, session }) => completeLesson(context, session.userId, body.lesson_id));
  registerCommand(app, authenticators, 'exam/start', ({ session }) => startExam(context, session.userId));
  registerCommand(app, authenticators, 'exam/submit', ({ body, session }) => submitExam(context, session.userId, body));
  registerCommand(app, authenticators, 'exam/status', ({ session }) => examStatus(context, session.userId));
}
