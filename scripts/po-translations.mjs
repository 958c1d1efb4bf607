// Translators' helper for the Lingui catalogs (locales/<locale>/messages.po).
//
//   node scripts/po-translations.mjs missing <locale> [catalog]        → JSON list of msgids without a translation
//   node scripts/po-translations.mjs fill <locale> <file> [catalog]    → fills empty translations from a JSON
//                                                                       object {msgid: translation}; prints what is still missing
//   node scripts/po-translations.mjs export <po file>                  → every translated entry of a catalog as that JSON
//                                                                       object (to carry translations across a merge)
//
// `catalog` is the file name without .po: "messages" (the default, the phone app) or
// "backOffice" (the staff back office, loaded only with it).
//
// Only empty msgstr entries are touched; existing translations are never overwritten.
import { readFileSync, writeFileSync } from 'node:fs';

const [command, locale, ...rest] = process.argv.slice(2);
const file = command === 'fill' ? rest[0] : undefined;
const catalog = (command === 'fill' ? rest[1] : rest[0]) ?? 'messages';
if (!['missing', 'fill', 'export'].includes(command) || !locale || !['messages', 'backOffice'].includes(catalog)) {
  console.error('usage: node scripts/po-translations.mjs missing <locale> [catalog] | fill <locale> <translations.json> [catalog] | export <po file>');
  process.exit(2);
}
const path = command === 'export' ? locale : `locales/${locale}/${catalog}.po`;
const text = readFileSync(path, 'utf8');
const unquote = (quoted) => JSON.parse(quoted);
const quote = (value) => JSON.stringify(value);
const entry = /^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""$/gm;

if (command === 'export') {
  const translated = /^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm;
  const entries = [...text.matchAll(translated)].map((match) => [unquote(match[1]), unquote(match[2])]).filter(([id, value]) => id !== '' && value !== '');
  console.log(JSON.stringify(Object.fromEntries(entries), null, 2));
} else if (command === 'missing') {
  const missing = [...text.matchAll(entry)].map((match) => unquote(match[1])).filter((id) => id !== '');
  console.log(JSON.stringify(missing, null, 2));
} else {
  const translations = JSON.parse(readFileSync(file, 'utf8'));
  const still = [];
  const filled = text.replace(entry, (whole, quotedId) => {
    const id = unquote(quotedId);
    if (id === '') return whole;
    if (typeof translations[id] !== 'string' || translations[id] === '') {
      still.push(id);
      return whole;
    }
    return `msgid ${quotedId}\nmsgstr ${quote(translations[id])}`;
  });
  writeFileSync(path, filled);
  console.log(JSON.stringify(still, null, 2));
}
