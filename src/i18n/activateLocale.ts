import { i18n, type Messages } from '@lingui/core';
import { proxy } from 'valtio';
import { type AppLocale, readStoredLocale, writeStoredLocale } from './locale.ts';

/** The active locale, for components that format numbers and dates. */
export const localeState = proxy<{ locale: AppLocale }>({ locale: 'en' });

// Each locale's catalog is its own chunk, so English readers never download Korean. This one
// holds the texts of the shell, the sign-in pages and Home (lingui.config.ts: startTextPaths),
// the only ones a phone waits for before its first screen.
async function loadCatalog(locale: AppLocale) {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

/** Every other page's texts (locales/<locale>/pages.po). */
async function loadPagesCatalog(locale: AppLocale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/pages.po`);
  return messages;
}

/** The catalog of a part of the app that loads lazily (the back office) for one locale. */
export type PartCatalog = (locale: AppLocale) => Promise<Messages>;
const partCatalogs = new Set<PartCatalog>();

/**
 * A lazily loaded part of the app adds its own catalog, so the phone app's first screen does
 * not download the part's texts. It is loaded now for the active language, and with every
 * later language switch.
 */
export async function addPartCatalog(load: PartCatalog): Promise<void> {
  if (partCatalogs.has(load)) return;
  partCatalogs.add(load);
  const locale = localeState.locale;
  let messages: Messages;
  try {
    messages = await load(locale);
  } catch (error) {
    // Not added, so a retry loads it again.
    partCatalogs.delete(load);
    throw error;
  }
  // A switch that finished meanwhile has loaded this part already (it is in the set).
  if (i18n.locale === locale) i18n.load(locale, messages);
}

let pageTexts: Promise<void> | undefined;

/**
 * Loads the texts of every page but the shell, sign-in and Home, once: the app starts it
 * after its first render, and every other page's route awaits it before rendering.
 */
export function loadPageTexts(): Promise<void> {
  pageTexts ??= addPartCatalog(loadPagesCatalog).catch((error: unknown) => {
    pageTexts = undefined;
    throw error;
  });
  return pageTexts;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const catalogs = await Promise.all([loadCatalog(locale), ...[...partCatalogs].map((load) => load(locale))]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...catalogs) });
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
