import { examPassMarkPercent } from '../../contract/course.ts';

// The courseware's decisions, as pure functions of numbers and instants (docs/courseware.md):
// when a lesson may be completed, which questions an exam draws, whether a score passes, and
// when a failed user may try again. The services around them only read and write rows.

const secondMs = 1000;
const minuteMs = 60_000;

/**
 * A lesson opened at `openedAtMs` may be completed at `nowMs` when strictly more than
 * `minSeconds` passed on the server's clock. Otherwise: the whole seconds still needed, rounded
 * up, so that waiting that long is always enough (39 s of 40 → 2: 40 s is not yet more than 40).
 */
export function lessonCompletion(openedAtMs: number, nowMs: number, minSeconds: number): { ok: true } | { ok: false; secondsLeft: number } {
  const elapsedMs = nowMs - openedAtMs;
  const minimumMs = minSeconds * secondMs;
  if (elapsedMs > minimumMs) return { ok: true };
  return { ok: false, secondsLeft: Math.ceil((minimumMs + 1 - elapsedMs) / secondMs) };
}

/** The first instant a completion is accepted: one millisecond past the minimum. */
export const completableAt = (openedAtMs: number, minSeconds: number): number => openedAtMs + minSeconds * secondMs + 1;

/**
 * The exam's pass rule, in integers only: passed ⇔ correct × 100 > passMark × total. The pass
 * mark is exclusive: 80 of 100 (80 %) fails, 81 of 100 passes; with ten questions 8 correct
 * fails and 9 passes.
 */
export function examPassed(correct: number, total: number, passMarkPercent: number = examPassMarkPercent): boolean {
  if (!Number.isInteger(correct) || !Number.isInteger(total) || total <= 0 || correct < 0 || correct > total) {
    throw new Error('exam: a score is a whole number of correct answers out of a positive total');
  }
  return correct * 100 > passMarkPercent * total;
}

/** The score shown to the user: whole percent, rounded down (never shows more than was earned). */
export const scorePercent = (correct: number, total: number): number => Math.floor((correct * 100) / total);

/**
 * Draws `count` distinct ids from `bank`, each set equally likely: a partial Fisher–Yates
 * shuffle driven by `randomBelow(n)`, a uniform whole number in [0, n) (node:crypto's randomInt
 * in the service, a fixed sequence in tests).
 */
export function drawQuestions<Id>(bank: readonly Id[], count: number, randomBelow: (n: number) => number): Id[] {
  if (count > bank.length) throw new Error(`exam: cannot draw ${count} questions from a bank of ${bank.length}`);
  const pool = [...bank];
  for (let index = 0; index < count; index += 1) {
    const pick = index + randomBelow(pool.length - index);
    [pool[index], pool[pick]] = [pool[pick]!, pool[index]!];
  }
  return pool.slice(0, count);
}

/** After a failed attempt submitted at `failedAtMs`: the first instant a new one may start. */
export const retakeAt = (failedAtMs: number, retakeMinutes: number): number => failedAtMs + retakeMinutes * minuteMs;

/** Whole minutes left until `retakeAtMs`, rounded up (so "1 min" until the very end), or 0 when it has come. */
export const minutesLeft = (retakeAtMs: number, nowMs: number): number => (nowMs >= retakeAtMs ? 0 : Math.ceil((retakeAtMs - nowMs) / minuteMs));

/** Checks a submission against the attempt's questions: every drawn question answered once, with one of its options. */
export function answersMatch(
  questionIds: readonly string[],
  optionsOf: (questionId: string) => number,
  answers: readonly { question_id: string; choice: number }[],
): boolean {
  if (answers.length !== questionIds.length) return false;
  const drawn = new Set(questionIds);
  const seen = new Set<string>();
  for (const answer of answers) {
    if (!drawn.has(answer.question_id) || seen.has(answer.question_id)) return false;
    if (!Number.isInteger(answer.choice) || answer.choice < 0 || answer.choice >= optionsOf(answer.question_id)) return false;
    seen.add(answer.question_id);
  }
  return true;
}
