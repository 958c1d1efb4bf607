// Which language the user reads, and how that choice is stored. The stored values
// ("en", "tw", "ko") predate this app and live in localStorage under "language";
// anything else (e.g. the legacy "yd") falls back to English.

export const appLocales = ['en', 'zh-Hant', 'ko'] as const;
export type AppLocale = (typeof appLocales)[number];
export const defaultLocale: AppLocale = 'en';

export const languageStorageKey = 'language';

const storedValueByLocale = { en: 'en', 'zh-Hant': 'tw', ko: 'ko' } as const satisfies Record<AppLocale, string>;
export type StoredLanguage = (typeof storedValueByLocale)[AppLocale];

/** The locale for a stored language value; unknown or missing values give English. */
export function localeFromStoredValue(stored: string | null | undefined): AppLocale {
  const match = appLocales.find((locale) => storedValueByLocale[locale] === stored);
  return match ?? defaultLocale;
}

export function storedValueOfLocale(locale: AppLocale): StoredLanguage {
  return storedValueByLocale[locale];
}

export function readStoredLocale(): AppLocale {
  try {
    return localeFromStoredValue(localStorage.getItem(languageStorageKey));
  } catch {
    // Storage can be unavailable (private mode, sandboxed webviews): use the default.
    return defaultLocale;
  }
}

export function writeStoredLocale(locale: AppLocale): void {
  try {
    localStorage.setItem(languageStorageKey, storedValueOfLocale(locale));
  } catch {
    // Not persisting is acceptable; the choice still applies for this visit.
  }
}

/**
 * The Intl locale used for numbers and dates. English uses en-IN so amounts group the
 * Indian way (₹10,00,000.00); the others follow their readers' own conventions.
 */
export function intlLocaleOf(locale: AppLocale): string {
  switch (locale) {
    case 'en':
      return 'en-IN';
    case 'zh-Hant':
      return 'zh-Hant-TW';
    case 'ko':
      return 'ko-KR';
  }
}

/** Each language's name written in itself, so a reader can find their own. */
export const localeNativeNames: Record<AppLocale, string> = {
  en: 'English',
  'zh-Hant': '繁體中文',
  ko: '한국어',
};
