import type { RefusalEnvelope, SuccessEnvelope } from '../../contract/envelope.ts';
import type { MessageKey } from '../../contract/messages.ts';

export const succeed = <Data>(data: Data): SuccessEnvelope<Data> => ({ status: 1, msg: 'ok', data });

export const refusal = (key: MessageKey, param?: string): RefusalEnvelope => ({
  status: 0,
  msg: param ? `${key}:${param}` : key,
  data: null,
});
