// Translators' helper for the Lingui catalogs (locales/<locale>/{messages,pages,backOffice}.po).
//
//   node scripts/po-translations.mjs missing <locale> [catalog]        → JSON list of msgids without a translation
//                                                                       (an entry with a context as "<context>\u0004<msgid>")
//   node scripts/po-translations.mjs fill <locale> <file> [catalog]    → fills empty translations from a JSON
//                                                                       object {msgid: translation}; prints what is still missing
//   node scripts/po-translations.mjs export <po file>                  → every translated entry of a catalog as that JSON
//                                                                       object (to carry translations across a merge)
//
// `catalog` is the file name without .po: "messages" (the default: the phone app's shell,
// sign-in and Home, loaded at start), "pages" (every other page of the phone app, loaded
// after the first render) or "backOffice" (the staff back office, loaded only with it).
//
// Only empty msgstr entries are touched; existing translations are never overwritten.
import { readFileSync, writeFileSync } from 'node:fs';

const [command, locale, ...rest] = process.argv.slice(2);
const file = command === 'fill' ? rest[0] : undefined;
const catalog = (command === 'fill' ? rest[1] : rest[0]) ?? 'messages';
if (!['missing', 'fill', 'export'].includes(command) || !locale || !['messages', 'pages', 'backOffice'].includes(catalog)) {
  console.error('usage: node scripts/po-translations.mjs missing <locale> [catalog] | fill <locale> <translations.json> [catalog] | export <po file>');
  process.exit(2);
}
const path = command === 'export' ? locale : `locales/${locale}/${catalog}.po`;
const text = readFileSync(path, 'utf8');
const unquote = (quoted) => JSON.parse(quoted);
const quote = (value) => JSON.stringify(value);
// An entry may carry a context (msgctxt) before its msgid: the same English word in two places
// ("Paid" of an IPO application, "Paid" of a fund redemption) is two entries that may read
// differently. Such an entry's key in the JSON is "<context>\u0004<msgid>" (gettext's own
// separator), so a translation meant for one context never lands in another.
const entry = /^(?:msgctxt ("(?:[^"\\]|\\.)*")\n)?msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""$/gm;
const keyOf = (quotedContext, quotedId) => (quotedContext ? `${unquote(quotedContext)}\u0004${unquote(quotedId)}` : unquote(quotedId));

if (command === 'export') {
  const translated = /^(?:msgctxt ("(?:[^"\\]|\\.)*")\n)?msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm;
  const entries = [...text.matchAll(translated)]
    .filter((match) => unquote(match[2]) !== '' && unquote(match[3]) !== '')
    .map((match) => [keyOf(match[1], match[2]), unquote(match[3])]);
  console.log(JSON.stringify(Object.fromEntries(entries), null, 2));
} else if (command === 'missing') {
  const missing = [...text.matchAll(entry)].filter((match) => unquote(match[2]) !== '').map((match) => keyOf(match[1], match[2]));
  console.log(JSON.stringify(missing, null, 2));
} else {
  const translations = JSON.parse(readFileSync(file, 'utf8'));
  const still = [];
  const filled = text.replace(entry, (whole, quotedContext, quotedId) => {
    if (unquote(quotedId) === '') return whole;
    const key = keyOf(quotedContext, quotedId);
    if (typeof translations[key] !== 'string' || translations[key] === '') {
      still.push(key);
      return whole;
    }
    return `${quotedContext ? `msgctxt ${quotedContext}\n` : ''}msgid ${quotedId}\nmsgstr ${quote(translations[key])}`;
  });
  writeFileSync(path, filled);
  console.log(JSON.stringify(still, null, 2));
}
