// Proves the command bus is the one place that turns server answers into data, toasts
// and typed errors: envelope unwrap, refusals, 401, timeouts and network failures; that a
// money-moving key outlives only a lost answer; and that it reaches the app only through its hooks.
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../app/navigation.ts';
import { toastState } from '../app/toastStore.ts';
import { session, startSession } from '../features/auth/sessionStore.ts';
import { staffSession, startStaffSession } from '../features/backOffice/session/staffSession.ts';
import { answerOk, answerRefusal, answerUnauthorized, server } from '../test/mswServer.ts';
import { createIntentKey } from '../ui/useIdempotencyKey.ts';
import { audienceOf, call, CommandFailed, CommandRefused, requestTimeoutMs, settleWhenAnswered, unauthorizedRedirectDelayMs } from './commandBus.ts';

const toastTexts = () => toastState.toasts.map((toast) => toast.text);

const balances = { cash: '1000000.00', available: '1000000.00', frozen: '0.00', total_assets: '1000000.00', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' };
const restrictions = { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false };
const userInfo = { user_id: 'u1', account: '9000000001', state: 'active' as const, restrictions, institution: 'Demo', created_at: '2026-01-01T00:00:00Z', balances };

afterEach(() => {
  vi.useRealTimers();
});

describe('command bus', () => {
  it('signed-in-call-sends-session-headers-and-returns-the-envelope-data', async () => {
    startSession('token-123', '9000000001');
    let seen: { token: string | null; account: string | null; body: unknown } | null = null;
    server.use(
      http.post('*/api/vue/user/info', async ({ request }) => {
        seen = { token: request.headers.get('token'), account: request.headers.get('account'), body: await request.json() };
        return HttpResponse.json({ status: 1, msg: 'ok', data: userInfo });
      }),
    );
    const info = await call('user/info', {});
    expect(info.balances.total_assets).toBe('1000000.00');
    expect(seen).toEqual({ token: 'token-123', account: '9000000001', body: {} });
  });

  it('refusal-shows-the-translated-toast-and-rejects-with-command-refused', async () => {
    server.use(answerRefusal('user/login', 'account_or_password_incorrect'));
    const failure = await call('user/login', { account: '9000000001', password: 'wrong-pass' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CommandRefused);
    expect((failure as CommandRefused).key).toBe('account_or_password_incorrect');
    expect(toastTexts()).toEqual(['Incorrect mobile number or password.']);
  });

  it('silent-refusal-rejects-without-a-toast', async () => {
    server.use(answerRefusal('user/login', 'account_frozen'));
    await expect(call('user/login', { account: '9000000001', password: 'x' }, { silent: true })).rejects.toBeInstanceOf(CommandRefused);
    expect(toastTexts()).toEqual([]);
  });

  it('invalid-field-refusal-names-the-translated-field', async () => {
    server.use(answerRefusal('user/register', 'invalid_field:invite_code'));
    const failure = await call('user/register', { account: '9000000001', password: 'p', password2: 'p', invite_code: 'x', agree: true }).catch((error: unknown) => error);
    expect((failure as CommandRefused).param).toBe('invite_code');
    expect(toastTexts()).toEqual(['Check the field: Invitation code']);
  });

  it('unknown-refusal-key-still-reads-as-a-sentence', async () => {
    server.use(answerRefusal('user/login', 'some_future_rule'));
    const failure = await call('user/login', { account: '9000000001', password: 'x' }).catch((error: unknown) => error);
    expect((failure as CommandRefused).key).toBeNull();
    expect(toastTexts()).toEqual(['The request could not be completed. Please try again.']);
  });

  it('http-401-clears-the-session-and-redirects-to-sign-in-after-2-seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const go = vi.fn();
    registerNavigator({ go, back: vi.fn() });
    startSession('expired-token', '9000000001');
    server.use(answerUnauthorized('user/info'));

    await expect(call('user/info', {})).rejects.toBeInstanceOf(CommandRefused);
    expect(toastTexts()).toEqual(['Your session has ended. Please sign in again.']);
    expect(session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    await vi.advanceTimersByTimeAsync(unauthorizedRedirectDelayMs - 1);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledExactlyOnceWith('/login/login');
  });

  it('call-without-an-answer-times-out-after-10-seconds-with-the-network-toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post('*/api/vue/user/info', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const pending = call('user/info', {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs);
    const failure = await pending;
    expect(failure).toBeInstanceOf(CommandFailed);
    expect((failure as CommandFailed).reason).toBe('timeout');
    expect(toastTexts()).toEqual(['Network problem. Please check your connection and try again.']);
  });

  it('network-failure-shows-the-network-toast', async () => {
    server.use(http.post('*/api/vue/user/info', () => HttpResponse.error()));
    const failure = await call('user/info', {}).catch((error: unknown) => error);
    expect((failure as CommandFailed).reason).toBe('network');
    expect(toastTexts()).toEqual(['Network problem. Please check your connection and try again.']);
  });

  it('refusal-toast-disappears-after-2-seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(answerRefusal('user/info', 'system_busy'));
    await call('user/info', {}).catch(() => undefined);
    expect(toastTexts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(toastTexts()).toEqual([]);
  });

  it('common-config-answer-is-returned-as-a-list', async () => {
    server.use(answerOk('common/config', [{ name: 'kefu', value: 'https://example.com/chat' }]));
    await expect(call('common/config', { type: 'all' })).resolves.toEqual([{ name: 'kefu', value: 'https://example.com/chat' }]);
  });

  it('admin-command-sends-the-staff-session-not-the-users', async () => {
    startSession('user-token', '9000000001');
    startStaffSession({ token: 'staff-token', login: 'reviewer', role: 'reviewer', name: 'Riya Reviewer' });
    const seen: Record<string, { token: string | null; account: string | null }> = {};
    const remember = (path: string) =>
      http.post(`*/api/vue/${path}`, ({ request }) => {
        seen[path] = { token: request.headers.get('token'), account: request.headers.get('account') };
        return HttpResponse.json({ status: 1, msg: 'ok', data: path === 'user/info' ? userInfo : { staff_id: '1', login: 'reviewer', name: 'Riya Reviewer', role: 'reviewer' } });
      });
    server.use(remember('admin/me'), remember('user/info'));
    await call('admin/me', {});
    await call('user/info', {});
    expect(seen).toEqual({ 'admin/me': { token: 'staff-token', account: 'reviewer' }, 'user/info': { token: 'user-token', account: '9000000001' } });
    expect(audienceOf('admin/kyc/review')).toBe('staff');
    expect(audienceOf('user/kyc')).toBe('user');
  });

  it('staff-401-ends-only-the-staff-session-and-goes-to-the-back-office-sign-in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const go = vi.fn();
    registerNavigator({ go, back: vi.fn() });
    startSession('user-token', '9000000001');
    startStaffSession({ token: 'expired', login: 'admin', role: 'admin', name: 'Asha Admin' });
    server.use(answerUnauthorized('admin/me'));

    await expect(call('admin/me', {})).rejects.toBeInstanceOf(CommandRefused);
    expect(staffSession.token).toBeNull();
    expect(localStorage.getItem('staffToken')).toBeNull();
    expect(session.token).toBe('user-token');
    await vi.advanceTimersByTimeAsync(unauthorizedRedirectDelayMs);
    expect(go).toHaveBeenCalledExactlyOnceWith('/admin/login');
  });

  it('a-money-moving-key-survives-a-lost-answer-and-is-settled-by-a-refusal-or-a-success', async () => {
    const intent = createIntentKey();
    const details = { order_no: '11' };
    const key = intent.keyFor(details);
    server.use(http.post('*/api/vue/order/close', () => HttpResponse.error()));
    await expect(settleWhenAnswered(intent, call('order/close', { ...details, idempotency_key: key }))).rejects.toBeInstanceOf(CommandFailed);
    expect(intent.keyFor(details)).toBe(key);

    server.use(answerRefusal('order/close', 'position_locked'));
    await expect(settleWhenAnswered(intent, call('order/close', { ...details, idempotency_key: key }))).rejects.toBeInstanceOf(CommandRefused);
    const afterRefusal = intent.keyFor(details);
    expect(afterRefusal).not.toBe(key);

    server.use(answerOk('common/config', []));
    await settleWhenAnswered(intent, call('common/config', { type: 'all' }));
    expect(intent.keyFor(details)).not.toBe(afterRefusal);
  });

  it('src-api-imports-only-the-contract-src-ui-and-packages', () => {
    // The bus reaches the app only through configureCommandBus; an import of app or feature code would tie them again.
    const sources = import.meta.glob(['./*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(sources)).toContain('./commandBus.ts');
    const imports = Object.entries(sources).flatMap(([file, text]) => [...text.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((match) => `${file} → ${match[1]}`));
    const allowed = (specifier: string) => /^(?:\.\.\/\.\.\/contract\/|\.\.\/ui\/|\.\/|[@a-z])/.test(specifier);
    expect(imports.filter((line) => !allowed(line.split(' → ')[1]!))).toEqual([]);
    expect(imports.length).toBeGreaterThan(4);
  });
});
