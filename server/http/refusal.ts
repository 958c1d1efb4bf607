import type { MessageKey } from '../../contract/messages.ts';

/**
 * A business refusal: the command is not allowed and nothing changed. Thrown inside a
 * transaction it also rolls that transaction back. The HTTP edge turns it into
 * `{status: 0, msg: key}`; the app translates the key.
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly param?: string,
  ) {
    super(param ? `${key}:${param}` : key);
  }
}

export function refuse(key: MessageKey, param?: string): never {
  throw new Refusal(key, param);
}
