import { i18n } from '@lingui/core';
import { proxy } from 'valtio';
import { type AppLocale, readStoredLocale, writeStoredLocale } from './locale.ts';

/** The active locale, for components that format numbers and dates. */
export const localeState = proxy<{ locale: AppLocale }>({ locale: 'en' });

// Each locale's catalog is its own chunk, so English readers never download Korean.
async function loadCatalog(locale: AppLocale) {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  localeState.locale = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Switches language and remembers the choice for the next visit. */
export async function changeLocale(locale: AppLocale): Promise<void> {
  writeStoredLocale(locale);
  await activateLocale(locale);
}

export function activateStoredLocale(): Promise<void> {
  return activateLocale(readStoredLocale());
}
