// Proves the app can show every question the server may draw, and only those: each question of
// the server's bank (server/course/questionBank.ts) has a text here with exactly as many options,
// no text here lacks a question there, and every lesson the server lists has its title, summary
// and several paragraphs.
import { describe, expect, it } from 'vitest';
import { courseLessonIds } from '../../../contract/course.ts';
import { questionBank } from '../../../server/course/questionBank.ts';
import { lessonTexts } from './lessonTexts.ts';
import { questionTexts } from './questionTexts.ts';

describe('the courseware texts', () => {
  it('every-question-of-the-bank-has-a-text-with-the-same-number-of-options-and-vice-versa', () => {
    const bank = Object.fromEntries(questionBank.map((question) => [question.id, question.options]));
    const texts = Object.fromEntries(Object.entries(questionTexts).map(([id, text]) => [id, text.options.length]));
    expect(texts).toEqual(bank);
  });

  it('every-lesson-has-a-title-a-summary-and-several-paragraphs', () => {
    expect(Object.keys(lessonTexts).sort()).toEqual([...courseLessonIds].sort());
    for (const id of courseLessonIds) {
      expect(lessonTexts[id].title.message).toBeTruthy();
      expect(lessonTexts[id].summary.message).toBeTruthy();
      expect(lessonTexts[id].paragraphs.length).toBeGreaterThanOrEqual(4);
    }
  });
});
