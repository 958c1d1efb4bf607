// Proves the courseware screens against the server's answers (MSW): the list shows progress and
// each lesson's state and opens a lesson; the reader opens the lesson on the server, keeps
// "Mark as studied" off until the server's countdown ends, follows the server when it needs
// longer, and offers the next lesson; the exam shows its rules, the drawn questions with their
// options, submits one choice per question in order and shows the graded result; a passed user
// is sent on to the strategy funds; a list that fails to load offers Retry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { recording } from '../market/testing/marketFixtures.ts';
import { CoursePage } from './CoursePage.tsx';
import { courseListOf, examPaperOf, examResultOf, examStatusOf, readingSessionOf, studiedSessionOf } from './testing/courseFixtures.ts';

describe('the list of lessons', () => {
  it('shows-progress-each-lessons-state-and-what-the-exam-needs-and-opens-a-lesson', async () => {
    server.use(
      answerOk('course/list', courseListOf(['what_is_a_strategy_fund', 'how_our_strategies_trade'])),
      answerOk('exam/status', examStatusOf({ next_step: 'study', lessons_studied: 2 })),
      answerOk('course/open', readingSessionOf('nav', 41, 2)),
    );
    const { router } = renderPage(CoursePage, '/home/qcList');
    expect((await screen.findByTestId('course-progress')).textContent).toContain('2 of 6 lessons studied');
    const lessons = screen.getAllByTestId('course-lesson');
    expect(lessons.map((lesson) => lesson.getAttribute('data-state'))).toEqual(['studied', 'studied', 'not_started', 'not_started', 'not_started', 'not_started']);
    expect(lessons[2]!.textContent).toContain('NAV: what one unit is worth');
    expect(screen.getByTestId('course-exam').textContent).toContain('The exam opens when every lesson is studied: 4 still to go.');
    fireEvent.click(lessons[2]!);
    expect(await screen.findByTestId('course-reader')).toBeTruthy();
    expect(router.state.location.search).toEqual({ lesson: 'nav' });
  });

  it('a-list-that-fails-to-load-offers-retry', async () => {
    server.use(http.post('*/api/vue/course/list', () => HttpResponse.error()), answerOk('exam/status', examStatusOf()));
    renderPage(CoursePage, '/home/qcList');
    expect(await screen.findByText('The courseware could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('a-passed-user-is-sent-on-to-the-strategy-funds', async () => {
    const all = courseListOf(['what_is_a_strategy_fund', 'how_our_strategies_trade', 'nav', 'fees', 'risk_and_drawdown', 'past_results']);
    server.use(answerOk('course/list', all), answerOk('exam/status', examStatusOf({ passed: true, passed_at: '2026-11-24T05:10:00.000Z', best_score_percent: 90, attempts: 1, next_step: 'passed' })));
    renderPage(CoursePage, '/home/qcList');
    expect((await screen.findByTestId('course-passed')).textContent).toContain('with 90%. You may now follow strategy funds.');
    fireEvent.click(screen.getByTestId('course-follow-link'));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/home/fllow');
  });
});

describe('the lesson reader', () => {
  it('keeps-mark-as-studied-off-until-the-servers-countdown-ends-then-offers-the-next-lesson', async () => {
    const complete = recording('course/complete', () => studiedSessionOf('nav', 3));
    server.use(answerOk('course/open', readingSessionOf('nav', 1, 2)), complete.handler);
    renderPage(CoursePage, '/home/qcList?lesson=nav');
    expect(await screen.findByRole('heading', { name: 'NAV: what one unit is worth' })).toBeTruthy();
    expect(screen.getByText(/Every fund starts at ₹10.0000 a unit/)).toBeTruthy();
    expect(screen.getByTestId('course-countdown').textContent).toBe('1 s left');
    expect(screen.getByTestId('course-complete')).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByTestId('course-complete')).toHaveProperty('disabled', false), { timeout: 2500 });
    expect(screen.getByText('You can now mark this lesson as studied.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('course-complete'));
    expect((await screen.findByTestId('course-studied')).textContent).toContain('Studied. 3 of 6 lessons done.');
    expect(complete.bodies).toEqual([{ lesson_id: 'nav' }]);
    expect(screen.getByTestId('course-next-lesson').textContent).toBe('Next: Fees');
  });

  it('counts-down-again-when-the-server-says-it-needs-longer', async () => {
    server.use(answerOk('course/open', readingSessionOf('fees', 0)), answerRefusal('course/complete', 'lesson_too_short:3'));
    renderPage(CoursePage, '/home/qcList?lesson=fees');
    fireEvent.click(await screen.findByTestId('course-complete'));
    expect(await screen.findByText('Keep reading: the server counts your time, and this lesson counts as studied in 3 s.')).toBeTruthy();
    // The toast shows as the refusal arrives, the countdown a moment later; a machine busy with the
    // whole suite may already be a second or two on, but the countdown runs again from the server's 3 s.
    expect((await screen.findByTestId('course-countdown')).textContent).toMatch(/^[123] s left$/);
    expect(screen.getByTestId('course-complete')).toHaveProperty('disabled', true);
  });

  it('the-last-lesson-studied-leads-to-the-exam', async () => {
    server.use(answerOk('course/open', studiedSessionOf('past_results', 6)), answerOk('exam/status', examStatusOf()));
    renderPage(CoursePage, '/home/qcList?lesson=past_results');
    expect(await screen.findByTestId('course-studied')).toBeTruthy();
    expect(screen.queryByTestId('course-next-lesson')).toBeNull();
    fireEvent.click(screen.getByTestId('course-exam-link'));
    expect(await screen.findByTestId('exam-rules')).toBeTruthy();
  });
});

describe('the exam', () => {
  it('shows-the-rules-the-drawn-questions-submits-one-choice-each-in-order-and-shows-the-result', async () => {
    const submit = recording('exam/submit', () => examResultOf());
    server.use(answerOk('exam/status', examStatusOf()), answerOk('exam/start', examPaperOf()), submit.handler);
    renderPage(CoursePage, '/home/qcList?view=exam');
    const rules = await screen.findByTestId('exam-rules');
    expect(rules.textContent).toContain('You pass with more than 80%: at least 9 of 10 right.');
    fireEvent.click(screen.getByTestId('exam-start'));

    const questions = await screen.findAllByTestId('exam-question');
    expect(questions.map((question) => question.getAttribute('data-question-id'))).toEqual(['nav_formula', 'fees_basis_point', 'risk_recovery']);
    expect(within(questions[1]!).getByText('How much are 100 basis points?', { exact: false })).toBeTruthy();
    expect(within(questions[1]!).getAllByTestId('exam-option')).toHaveLength(4);
    const submitButton = screen.getByTestId('exam-submit');
    expect(submitButton).toHaveProperty('disabled', true);
    const option = (questionId: string, index: number) => document.querySelector(`[data-testid="exam-option"][data-question-id="${questionId}"][data-option-index="${index}"]`)!;
    fireEvent.click(option('risk_recovery', 1));
    fireEvent.click(option('nav_formula', 1));
    expect(submitButton.textContent).toBe('2 of 3 answered');
    fireEvent.click(option('fees_basis_point', 2));
    expect(submitButton).toHaveProperty('disabled', false);
    fireEvent.click(submitButton);

    const result = await screen.findByTestId('exam-result');
    expect(submit.bodies).toEqual([{ attempt_id: '41', answers: [{ question_id: 'nav_formula', choice: 1 }, { question_id: 'fees_basis_point', choice: 2 }, { question_id: 'risk_recovery', choice: 1 }] }]);
    expect(result.getAttribute('data-passed')).toBe('false');
    expect(screen.getByTestId('exam-score').textContent).toBe('66%');
    expect(screen.getByTestId('exam-verdict').textContent).toBe('Not passed');
    expect(screen.getByTestId('exam-retake').textContent).toContain('The exam needs more than 80%: 3 of 3 right. You can try again from');
    const graded = screen.getAllByTestId('exam-result-question');
    expect(graded.map((item) => item.getAttribute('data-right'))).toEqual(['true', 'true', 'false']);
    expect(graded[2]!.textContent).toContain('Your answer: 50 %');
    expect(graded[2]!.textContent).toContain('Right answer: 100 %');
  });

  it('a-passed-result-links-to-the-strategy-funds', async () => {
    server.use(
      answerOk('exam/status', examStatusOf({ next_step: 'continue' })),
      answerOk('exam/start', examPaperOf({ questions: [{ id: 'nav_start', options: 3 }] })),
      answerOk('exam/submit', examResultOf({ correct: 1, total: 1, score_percent: 100, passed: true, retake_at: null, questions: [{ question_id: 'nav_start', options: 3, choice: 2, correct_choice: 2, right: true }] })),
    );
    renderPage(CoursePage, '/home/qcList?view=exam');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue the exam' }));
    fireEvent.click((await screen.findAllByTestId('exam-option'))[2]!);
    fireEvent.click(screen.getByTestId('exam-submit'));
    expect((await screen.findByTestId('exam-result')).getAttribute('data-passed')).toBe('true');
    fireEvent.click(screen.getByTestId('exam-follow-link'));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/home/fllow');
  });

  it('before-every-lesson-is-studied-it-says-so-instead-of-starting', async () => {
    server.use(answerOk('exam/status', examStatusOf({ next_step: 'study', lessons_studied: 5 })));
    renderPage(CoursePage, '/home/qcList?view=exam');
    expect((await screen.findByTestId('course-exam')).textContent).toContain('1 still to go');
    expect(screen.queryByTestId('exam-start')).toBeNull();
  });
});
