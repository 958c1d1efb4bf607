import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Messages, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { ReaderLanguage } from '../../contract/language.ts';
import { formatMoney } from '../../contract/money.ts';
import { statementMessageId, statementMessageKeys, type StatementReader } from '../../contract/statementReasons.ts';

// The server writes statement sentences (the CSV download) from the app's own catalogs,
// locales/<locale>/messages.po, so a line reads the same in the file as on the screen and
// there is no second translation to keep in step. Read once at start: a catalog missing a
// statement entry, or one that does not compile, stops the server rather than a download.

export type StatementReaders = Record<ReaderLanguage, StatementReader>;

/** The catalog folder (locales/<locale>/) each reader's language is written from, as the app's locales are named. */
const catalogLocaleOf: Record<ReaderLanguage, string> = { en: 'en', tw: 'zh-Hant', ko: 'ko' };

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const sourceLocale = 'en';

type Catalog = Record<string, { translation?: string } | undefined>;

async function readCatalog(dir: string, locale: string): Promise<Catalog> {
  const text = await readFile(`${dir}${locale}/messages.po`, 'utf8');
  // Lingui's own reader of its format, so explicit ids and generated ones resolve as in the app.
  return (await formatter().parse(text, { locale, sourceLocale, filename: `${locale}/messages.po` })) as Catalog;
}

/** The statement entries of one locale, compiled; an entry not translated yet reads English, as in the app. */
function statementMessages(catalog: Catalog, english: Catalog, locale: string): Messages {
  const messages: Messages = {};
  for (const key of statementMessageKeys) {
    const id = statementMessageId(key);
    const text = catalog[id]?.translation || english[id]?.translation;
    if (!text) throw new Error(`statement catalogs: ${id} is missing from ${locale}/messages.po and from English`);
    messages[id] = compileMessageOrThrow(text);
  }
  return messages;
}

/** One reader per CSV language: statement sentences from its catalog, money by its currency. */
export async function loadStatementReaders(dir: string = localesDir): Promise<StatementReaders> {
  const english = await readCatalog(dir, sourceLocale);
  const entries = await Promise.all(
    Object.entries(catalogLocaleOf).map(async ([language, locale]) => {
      const catalog = locale === sourceLocale ? english : await readCatalog(dir, locale);
      const i18n = setupI18n({ locale, messages: { [locale]: statementMessages(catalog, english, locale) } });
      const reader: StatementReader = {
        translate: (key, values) => i18n._(statementMessageId(key), values),
        money: (value) => formatMoney(BigInt(value.amount), value.currency),
      };
      return [language, reader] as const;
    }),
  );
  return Object.fromEntries(entries) as StatementReaders;
}
