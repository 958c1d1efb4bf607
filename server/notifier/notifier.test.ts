// The SMS adapter posts a kind and its parameters to the configured URL with the configured key
// (a real local HTTP server stands in for the provider), reports a refusal by its status only,
// and the background sender bounds how many messages are in flight.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSender, notifierFromEnv, type Notifier } from './notifier.ts';
import { smsNotifier } from './smsNotifier.ts';

const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
let answerStatus = 200;
const provider = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => (text += chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: JSON.parse(text) });
    response.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{"echo":"secret"}');
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

describe('the SMS provider adapter', () => {
  it('posts-the-kind-and-parameters-with-the-key', async () => {
    await smsNotifier({ url, key: 'provider-key', timeoutMs: 2_000 }).send({ to: '9876543210', kind: 'password_reset_code', params: { code: '042917', minutes: 10 } });
    expect(received.at(-1)!.headers.authorization).toBe('Bearer provider-key');
    expect(received.at(-1)!.body).toEqual({ to: '+919876543210', template: 'password_reset_code', params: { code: '042917', minutes: 10 } });
  });

  it('a-refusal-is-reported-by-status-without-the-answer', async () => {
    answerStatus = 503;
    try {
      await expect(smsNotifier({ url, key: 'k', timeoutMs: 2_000 }).send({ to: '9876543210', kind: 'password_reset_code', params: {} })).rejects.toThrow(/^SMS provider answered HTTP 503$/);
    } finally {
      answerStatus = 200;
    }
  });

  it('is-chosen-by-the-environment-and-needs-its-key', () => {
    const db = {} as never;
    expect(notifierFromEnv({ SMS_PROVIDER_URL: url, SMS_PROVIDER_KEY: 'k' }, db, true).channel).toBe('sms');
    expect(() => notifierFromEnv({ SMS_PROVIDER_URL: url }, db, false)).toThrow(/SMS_PROVIDER_KEY/);
    expect(notifierFromEnv({}, db, true).channel).toBe('outbox');
    expect(notifierFromEnv({}, db, false).channel).toBe('none');
  });
});

describe('the background sender', () => {
  it('holds-at-most-its-bound-in-flight-and-drops-the-rest', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    const slow: Notifier = { channel: 'outbox', send: async () => { await gate; sent += 1; } };
    const sender = backgroundSender(slow, { pendingMax: 3 });
    for (let index = 0; index < 10; index++) sender.dispatch({ to: '9876543210', kind: 'password_reset_code', params: {} });
    release();
    await sender.settled();
    expect(sent).toBe(3);
  });
});
