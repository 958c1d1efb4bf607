import type { Messages } from '@lingui/core';
import { addPartCatalog } from '../../i18n/activateLocale.ts';
import type { AppLocale } from '../../i18n/locale.ts';

// The back office's texts are a catalog of their own (locales/<locale>/backOffice.po), so the
// phone app's first screen never downloads them; each locale is its own chunk.
async function loadBackOfficeCatalog(locale: AppLocale): Promise<Messages> {
  const { messages } = await import(`../../../locales/${locale}/backOffice.po`);
  return messages;
}

let ready: Promise<void> | null = null;

/** Resolves once the back office's texts for the active language are loaded. */
export function backOfficeReady(): Promise<void> {
  ready ??= addPartCatalog(loadBackOfficeCatalog);
  return ready;
}
