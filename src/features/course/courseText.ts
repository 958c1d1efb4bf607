import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { LessonState } from '../../../contract/course.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { lessonTexts } from './lessonTexts.ts';
import { questionTexts } from './questionTexts.ts';

// Words of the courseware around the lessons and questions: a lesson's state, times in IST,
// and the text of a lesson or question by the id the server sent (a question this app version
// does not know reads as its id rather than breaking the page).

export function useCourseLabels() {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const lessonState: Record<LessonState, string> = { not_started: t`Not started`, reading: t`Reading`, studied: t`Studied` };
  const when = (iso: string): string => formatIstDateTime(iso, locale);
  const lessonTitle = (id: string): string => {
    const text = lessonTexts[id as keyof typeof lessonTexts];
    return text ? i18n._(text.title) : id;
  };
  const questionOf = (id: string): { question: string; options: (index: number) => string } => {
    const text = questionTexts[id];
    return {
      question: text ? i18n._(text.question) : id,
      options: (index) => {
        const option = text?.options[index];
        return option ? i18n._(option) : t`Option ${index + 1}`;
      },
    };
  };
  return { lessonState, when, lessonTitle, questionOf, locale };
}

/** The right answers needed to pass: the smallest count strictly above the pass mark (9 of 10 at 80 %). */
export const rightAnswersToPass = (questions: number, passMarkPercent: number): number => Math.floor((passMarkPercent * questions) / 100) + 1;
