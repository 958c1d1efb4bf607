import type { Logger } from 'pino';
import type { NotificationKind } from '../../contract/recovery.ts';
import type { Database } from '../db/database.ts';
import { outboxNotifier } from './outbox.ts';
import { smsNotifier } from './smsNotifier.ts';

// Messages to a person outside the app (a one-time code by SMS). A message is a kind and its
// parameters, never prose: the provider's template, or the back office's demo outbox, writes the
// sentence. Production sends through an SMS provider (smsNotifier.ts); demo mode and tests keep
// the messages in the demo outbox (outbox.ts) for the operator to read.

export interface OutgoingMessage {
  /** The recipient's mobile number (the account). */
  to: string;
  kind: NotificationKind;
  params: Record<string, string | number>;
}

export interface Notifier {
  /** 'sms' or 'outbox': the back office labels the outbox page by it. */
  readonly channel: 'sms' | 'outbox' | 'none';
  send(message: OutgoingMessage): Promise<void>;
}

/** No provider configured outside demo mode: nothing is sent (and the start-up log says so). */
const noNotifier: Notifier = { channel: 'none', send: async () => undefined };

/**
 * The notifier the environment asks for: SMS_PROVIDER_URL (with SMS_PROVIDER_KEY) sends by SMS;
 * otherwise demo mode writes to the demo outbox; otherwise nothing can be sent.
 */
export function notifierFromEnv(env: NodeJS.ProcessEnv, db: Database, demoMode: boolean, logger?: Logger): Notifier {
  const url = env.SMS_PROVIDER_URL?.trim();
  if (url) {
    const key = env.SMS_PROVIDER_KEY?.trim();
    if (!key) throw new Error('SMS_PROVIDER_URL needs SMS_PROVIDER_KEY (see README, "Account recovery")');
    return smsNotifier({ url, key, timeoutMs: 5_000 });
  }
  if (demoMode) return outboxNotifier(db);
  logger?.warn('no SMS_PROVIDER_URL: password-reset codes cannot be sent (see README, "Account recovery")');
  return noNotifier;
}

/**
 * Sends in the background so the caller answers at once and in the same time whether or not a
 * message went out (a provider's latency would otherwise tell who has an account). At most
 * `pendingMax` sends are in flight; beyond that a message is dropped and logged, never queued
 * without bound.
 */
export function backgroundSender(notifier: Notifier, { pendingMax = 100, logger }: { pendingMax?: number; logger?: Logger } = {}) {
  const pending = new Set<Promise<void>>();
  return {
    dispatch(message: OutgoingMessage): void {
      if (pending.size >= pendingMax) {
        logger?.error({ kind: message.kind }, 'notifier: too many messages in flight, one dropped');
        return;
      }
      const sending = notifier
        .send(message)
        .catch((error: unknown) => logger?.error({ kind: message.kind, err: error instanceof Error ? error.message : String(error) }, 'notifier: send failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    /** Resolves when every message dispatched so far has been sent or has failed (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
export type BackgroundSender = ReturnType<typeof backgroundSender>;
