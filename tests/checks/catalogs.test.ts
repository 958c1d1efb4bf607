// Proves every catalog is complete as committed: for the phone app's two catalogs and the back
// office's, each of en, zh-Hant and ko has the same message ids, none has an empty
// translation, and each translation keeps the placeholders ({field}, <0>…</0>) of its
// English source (the msgid, or for a message with an explicit id, the English catalog's text).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const locales = ['en', 'zh-Hant', 'ko'] as const;
/** The phone app's catalogs (its first screen's, then every other page's), and the back office's (loaded only with it). */
const catalogNames = ['messages', 'pages', 'backOffice'] as const;

/** `explicit`: the msgid is an id chosen in the code (`msg({ id, message })`), not the English text. */
type Entry = { id: string; translation: string; explicit: boolean };

/** Reads the quoted string that starts on `lines[index]` after `keyword`, with continuation lines. */
function readQuoted(lines: string[], index: number, keyword: string): { text: string; next: number } {
  const parts = [JSON.parse(lines[index]!.slice(keyword.length + 1)) as string];
  let next = index + 1;
  while (next < lines.length && lines[next]!.startsWith('"')) {
    parts.push(JSON.parse(lines[next]!) as string);
    next += 1;
  }
  return { text: parts.join(''), next };
}

/** The live entries of a .po file (obsolete "#~" entries and the header excluded). */
function readCatalog(locale: string, catalogName: string): Entry[] {
  const lines = readFileSync(join('locales', locale, `${catalogName}.po`), 'utf8').split('\n');
  const entries: Entry[] = [];
  let context = '';
  let explicit = false;
  for (let index = 0; index < lines.length; ) {
    const line = lines[index]!;
    if (line === '#. js-lingui-explicit-id') {
      explicit = true;
      index += 1;
    } else if (line.startsWith('msgctxt ')) {
      const read = readQuoted(lines, index, 'msgctxt');
      context = read.text;
      index = read.next;
    } else if (line.startsWith('msgid ')) {
      const id = readQuoted(lines, index, 'msgid');
      const translation = lines[id.next]?.startsWith('msgstr ') ? readQuoted(lines, id.next, 'msgstr') : { text: '', next: id.next };
      if (id.text !== '') entries.push({ id: context ? `${context}\u0004${id.text}` : id.text, translation: translation.text, explicit });
      context = '';
      explicit = false;
      index = translation.next;
    } else {
      index += 1;
    }
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{[^{}]+\}|<\/?\d+\/?>/g)].map((match) => match[0].replace(/,.*}$/, '}')).sort();

describe.each(catalogNames)('translation catalog %s', (catalogName) => {
  const catalogs = Object.fromEntries(locales.map((locale) => [locale, readCatalog(locale, catalogName)])) as Record<(typeof locales)[number], Entry[]>;

  it('source-catalog-is-not-empty', () => {
    expect(catalogs.en.length).toBeGreaterThan(0);
  });

  for (const locale of locales) {
    it(`${locale}-has-no-empty-translation`, () => {
      const empty = catalogs[locale].filter((entry) => entry.translation.trim() === '').map((entry) => entry.id);
      expect(empty).toEqual([]);
    });

    it(`${locale}-has-the-same-message-ids-as-en`, () => {
      const ids = catalogs[locale].map((entry) => entry.id).sort();
      expect(ids).toEqual(catalogs.en.map((entry) => entry.id).sort());
    });

    it(`${locale}-keeps-every-placeholder`, () => {
      const english = new Map(catalogs.en.map((entry) => [entry.id, entry.translation]));
      const sourceOf = (entry: Entry) => (entry.explicit ? (english.get(entry.id) ?? '') : entry.id);
      const broken = catalogs[locale].filter((entry) => placeholders(sourceOf(entry)).join() !== placeholders(entry.translation).join()).map((entry) => entry.id);
      expect(broken).toEqual([]);
    });
  }
});
