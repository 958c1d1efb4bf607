import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CommandRefused } from '../../../api/commandBus.ts';

const unreachable = msg`The server could not be reached. Check your connection and try again.`;

/** A failed command as one translated sentence: the server's refusal, or the network problem. */
export function failureText(failure: unknown, i18n: I18n): string {
  return failure instanceof CommandRefused ? failure.translated : i18n._(unreachable);
}
