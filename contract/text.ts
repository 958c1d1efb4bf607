// Text at the edge. Every string that arrives in a command — values and object keys, at any
// depth — is NFC-normalised, and one holding a NUL (U+0000) or a lone UTF-16 surrogate is
// refused: PostgreSQL cannot store NUL in text (the insert fails), and a lone surrogate is
// silently replaced by U+FFFD on the way to the database, so what is stored would differ
// from what was sent (an idempotent retry would then no longer match). Pure and free of zod,
// so the app's command bus uses it too and both sides send and compare the same text.

/** Nesting deeper than any command's shape is refused rather than walked (no stack to exhaust). */
export const maxTextDepth = 32;

export type CleanText = { ok: true; value: unknown } | { ok: false; field: string };

/** Whether `text` may be stored as it is: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The NFC form of every string in `value` (keys too), or the path of the first one that cannot be stored. */
export function cleanText(value: unknown): CleanText {
  try {
    return { ok: true, value: cleanValue(value, [], 0) };
  } catch (error) {
    if (error instanceof UnstorableText) return { ok: false, field: error.field };
    throw error;
  }
}

class UnstorableText extends Error {
  constructor(readonly field: string) {
    super(`unstorable text at ${field}`);
  }
}

const fieldOf = (path: readonly string[]): string => (path.length > 0 ? path.join('.') : 'body');

function cleanString(text: string, path: readonly string[]): string {
  if (!isStorableText(text)) throw new UnstorableText(fieldOf(path));
  return text.normalize('NFC');
}

function cleanValue(value: unknown, path: string[], depth: number): unknown {
  if (typeof value === 'string') return cleanString(value, path);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxTextDepth) throw new UnstorableText(fieldOf(path));
  if (Array.isArray(value)) return value.map((item, index) => cleanValue(item, [...path, String(index)], depth + 1));
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = cleanString(key, [...path, key.replace(/[^\x20-\x7e]/g, '?').slice(0, 64)]);
    // Defined, not assigned: a "__proto__" key stays a plain own property and never becomes the prototype.
    Object.defineProperty(clean, cleanKey, { value: cleanValue(item, [...path, cleanKey], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return clean;
}
