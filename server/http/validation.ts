import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '../../contract/messages.ts';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; key: MessageKey; field: string | undefined };

/**
 * Validates a body against a contract schema. A rule that names its own message key
 * (e.g. 'passwords_do_not_match') is reported as that key; any other failure is
 * 'invalid_field' naming the field, so the user learns which field to fix.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, body: unknown): ValidationResult<z.output<Schema>> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  if (issue && isMessageKey(issue.message) && issue.message !== 'invalid_field') {
    return { ok: false, key: issue.message, field };
  }
  return { ok: false, key: 'invalid_field', field: field ?? 'body' };
}
