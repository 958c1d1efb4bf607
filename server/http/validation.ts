import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '../../contract/messages.ts';
import { cleanText } from '../../contract/text.ts';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; key: MessageKey; field: string | undefined };

/**
 * Validates a body against a contract schema. Every string in it (keys too) is first
 * NFC-normalised, and one holding a NUL or a lone surrogate is 'invalid_field' naming it
 * (contract/text.ts): the handler, the database and an idempotent retry's comparison all
 * see the same normalised text. A rule that names its own message key
 * (e.g. 'passwords_do_not_match') is reported as that key; any other failure is
 * 'invalid_field' naming the field, so the user learns which field to fix.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, body: unknown): ValidationResult<z.output<Schema>> {
  const text = cleanText(body ?? {});
  if (!text.ok) return { ok: false, key: 'invalid_field', field: text.field };
  const result = schema.safeParse(text.value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  if (issue && isMessageKey(issue.message) && issue.message !== 'invalid_field') {
    return { ok: false, key: issue.message, field };
  }
  return { ok: false, key: 'invalid_field', field: field ?? 'body' };
}
