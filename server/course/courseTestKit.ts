import { courseLessonIds, type ExamPaper } from '../../contract/course.ts';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { bankQuestion } from './questionBank.ts';

// A server on a real database whose clock the test moves by hand (buildApp's `now`), users to
// study with, and answers that are right or wrong on purpose.

export interface CourseHarness {
  database: TestDatabase;
  server: TestServer;
  /** The server's clock, in epoch milliseconds. */
  now(): number;
  advance(ms: number): void;
  newUser(): Promise<TestUser>;
  /** Opens and completes every lesson, 41 s apart on the server's clock. */
  studyAll(user: TestUser): Promise<void>;
  close(): Promise<void>;
}

export async function openCourseHarness(firstAccount: number): Promise<CourseHarness> {
  let clock = Date.parse('2026-11-24T05:00:00.000Z');
  let account = firstAccount;
  const database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Course Desk', kind: 'advisor', code: 'LEARN1' });
  const server = await startTestServer(database.db, { now: () => clock });
  const harness: CourseHarness = {
    database,
    server,
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    newUser: () => registerAndLogIn(database.db, server, String((account += 1)), 'LEARN1'),
    async studyAll(user) {
      for (const lesson_id of courseLessonIds) {
        const opened = await server.call('course/open', { lesson_id }, user.session);
        if (opened.body.status !== 1) throw new Error(`open failed: ${opened.body.msg}`);
        harness.advance(41_000);
        const completed = await server.call('course/complete', { lesson_id }, user.session);
        if (completed.body.status !== 1) throw new Error(`complete failed: ${completed.body.msg}`);
      }
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
  return harness;
}

/** Answers to a paper with exactly `right` of them right (the first `right` questions). */
export function answersWithRight(paper: ExamPaper, right: number): { question_id: string; choice: number }[] {
  return paper.questions.map((question, index) => {
    const correct = bankQuestion(question.id)!.correct;
    return { question_id: question.id, choice: index < right ? correct : (correct + 1) % question.options };
  });
}
