import { useSnapshot } from 'valtio';
import type { ReaderLanguage } from '../../../contract/language.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { type AppLocale, localeFromStoredValue, storedValueOfLocale } from '../../i18n/locale.ts';

/** The reader's language as the news commands take it ("tw" for 繁體中文); news reloads when it changes. */
export function useNewsLanguage(): ReaderLanguage {
  const { locale } = useSnapshot(localeState);
  return storedValueOfLocale(locale);
}

/** The HTML `lang` of a text the server wrote in `lang`: an English fallback inside a Korean screen is marked English. */
export const htmlLangOf = (lang: ReaderLanguage): AppLocale => localeFromStoredValue(lang);
