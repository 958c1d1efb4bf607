import type { Notifier } from './notifier.ts';

// The production path: an HTTP POST to the configured SMS provider, authenticated with its key.
// The provider holds one template per kind and fills in the parameters, so no prose and no
// language choice lives here. Body: {"to": "<mobile>", "template": "<kind>", "params": {...}}.

export interface SmsProviderConfig {
  /** SMS_PROVIDER_URL: the provider's send endpoint (https). */
  url: string;
  /** SMS_PROVIDER_KEY: sent as a bearer token. */
  key: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export function smsNotifier({ url, key, timeoutMs, fetchImpl = fetch }: SmsProviderConfig): Notifier {
  return {
    channel: 'sms',
    async send({ to, kind, params }) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ to: `+91${to}`, template: kind, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The provider's answer may echo the message (and so the code): only its status is reported.
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
      await response.body?.cancel();
    },
  };
}
