// Proves the courseware's pure rules: the exam's pass mark is exclusive in integer arithmetic
// (80/100 fails, 81/100 passes; 8/10 fails, 9/10 passes), a lesson completes only strictly after
// the minimum and says how long is left, a draw is distinct and covers the bank uniformly, the
// retake wait rounds up to whole minutes, a submission must answer exactly the drawn questions,
// and the bank is large, well formed and spread over every lesson.
import { describe, expect, it } from 'vitest';
import { courseLessonIds, examQuestionCount } from '../../contract/course.ts';
import { answersMatch, completableAt, drawQuestions, examPassed, lessonCompletion, minutesLeft, retakeAt, scorePercent } from './examRules.ts';
import { questionBank } from './questionBank.ts';

describe('the pass mark', () => {
  it('eighty-percent-fails-and-eighty-one-passes', () => {
    expect(examPassed(80, 100)).toBe(false);
    expect(examPassed(81, 100)).toBe(true);
  });

  it('with-ten-questions-eight-right-fails-and-nine-pass', () => {
    expect(examPassed(8, 10)).toBe(false);
    expect(examPassed(9, 10)).toBe(true);
    expect(examPassed(10, 10)).toBe(true);
    expect(examPassed(0, 10)).toBe(false);
  });

  it('is-exact-where-a-float-percentage-would-round', () => {
    // 4 of 5 is exactly 80 %: fails; 13 of 16 is 81.25 %: passes; 33 of 41 is 80.49 %: passes.
    expect(examPassed(4, 5)).toBe(false);
    expect(examPassed(13, 16)).toBe(true);
    expect(examPassed(33, 41)).toBe(true);
    expect(scorePercent(33, 41)).toBe(80);
  });

  it('refuses-an-impossible-score', () => {
    expect(() => examPassed(11, 10)).toThrow();
    expect(() => examPassed(1, 0)).toThrow();
    expect(() => examPassed(-1, 10)).toThrow();
    expect(() => examPassed(8.5, 10)).toThrow();
  });
});

describe('a lesson completion', () => {
  const opened = Date.parse('2026-11-24T05:00:00.000Z');

  it('is-refused-at-thirty-nine-and-forty-seconds-and-accepted-just-after-forty', () => {
    expect(lessonCompletion(opened, opened + 39_000, 40)).toEqual({ ok: false, secondsLeft: 2 });
    expect(lessonCompletion(opened, opened + 40_000, 40)).toEqual({ ok: false, secondsLeft: 1 });
    expect(lessonCompletion(opened, opened + 40_001, 40)).toEqual({ ok: true });
    expect(lessonCompletion(opened, opened + 41_000, 40)).toEqual({ ok: true });
    expect(completableAt(opened, 40)).toBe(opened + 40_001);
  });

  it('says-the-whole-minimum-right-after-opening-and-never-trusts-a-clock-running-backwards', () => {
    expect(lessonCompletion(opened, opened, 40)).toEqual({ ok: false, secondsLeft: 41 });
    expect(lessonCompletion(opened, opened - 5_000, 40)).toEqual({ ok: false, secondsLeft: 46 });
  });
});

describe('drawing questions', () => {
  const bank = Array.from({ length: 30 }, (_, index) => `q${index}`);

  it('draws-distinct-questions-from-the-bank-by-the-given-random-numbers', () => {
    const drawn = drawQuestions(bank, 10, () => 0);
    expect(drawn).toEqual(bank.slice(0, 10));
    const last = drawQuestions(bank, 10, (n) => n - 1);
    expect(new Set(last).size).toBe(10);
    expect(last.every((id) => bank.includes(id))).toBe(true);
    expect(() => drawQuestions(bank, 31, () => 0)).toThrow();
  });

  it('covers-every-question-about-equally-often', () => {
    // mulberry32 with a fixed seed keeps the test deterministic.
    let state = 12345;
    const randomBelow = (n: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296) * n);
    };
    const counts = new Map<string, number>();
    const draws = 3000;
    for (let draw = 0; draw < draws; draw += 1) {
      const drawn = drawQuestions(bank, 10, randomBelow);
      expect(new Set(drawn).size).toBe(10);
      for (const id of drawn) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // Each question is expected in a third of the draws (1,000); allow a wide band.
    for (const id of bank) expect(counts.get(id)).toBeGreaterThan(850);
    for (const id of bank) expect(counts.get(id)).toBeLessThan(1150);
  });
});

describe('the retake wait', () => {
  const failed = Date.parse('2026-11-24T05:00:00.000Z');

  it('counts-whole-minutes-rounded-up-until-it-ends', () => {
    const until = retakeAt(failed, 30);
    expect(until).toBe(failed + 30 * 60_000);
    expect(minutesLeft(until, failed)).toBe(30);
    expect(minutesLeft(until, failed + 29 * 60_000 + 1)).toBe(1);
    expect(minutesLeft(until, until)).toBe(0);
    expect(minutesLeft(retakeAt(failed, 0), failed)).toBe(0);
  });
});

describe('a submission', () => {
  const ids = ['a', 'b', 'c'];
  const options = () => 3;

  it('must-answer-each-drawn-question-once-with-one-of-its-options', () => {
    expect(answersMatch(ids, options, [{ question_id: 'c', choice: 0 }, { question_id: 'a', choice: 2 }, { question_id: 'b', choice: 1 }])).toBe(true);
    expect(answersMatch(ids, options, [{ question_id: 'a', choice: 0 }, { question_id: 'b', choice: 0 }])).toBe(false);
    expect(answersMatch(ids, options, [{ question_id: 'a', choice: 0 }, { question_id: 'a', choice: 1 }, { question_id: 'b', choice: 0 }])).toBe(false);
    expect(answersMatch(ids, options, [{ question_id: 'a', choice: 0 }, { question_id: 'b', choice: 0 }, { question_id: 'z', choice: 0 }])).toBe(false);
    expect(answersMatch(ids, options, [{ question_id: 'a', choice: 0 }, { question_id: 'b', choice: 0 }, { question_id: 'c', choice: 3 }])).toBe(false);
  });
});

describe('the question bank', () => {
  it('holds-at-least-thirty-well-formed-questions-with-unique-ids-over-every-lesson', () => {
    expect(questionBank.length).toBeGreaterThanOrEqual(30);
    expect(questionBank.length).toBeGreaterThanOrEqual(examQuestionCount * 3);
    expect(new Set(questionBank.map((question) => question.id)).size).toBe(questionBank.length);
    for (const question of questionBank) {
      expect(question.id).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
      expect([3, 4]).toContain(question.options);
      expect(question.correct).toBeGreaterThanOrEqual(0);
      expect(question.correct).toBeLessThan(question.options);
    }
    for (const lesson of courseLessonIds) expect(questionBank.filter((question) => question.lesson === lesson).length).toBeGreaterThanOrEqual(4);
  });

  it('does-not-always-put-the-right-answer-in-the-same-place', () => {
    const positions = new Set(questionBank.map((question) => question.correct));
    expect(positions.size).toBeGreaterThanOrEqual(3);
  });
});
