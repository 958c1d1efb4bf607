// Proves the sign-in page reports the server's refusal in the reader's language and
// starts a session (remembering the account when asked) on success.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { readRememberedAccount, rememberAccount, session } from './sessionStore.ts';

async function fillAndSubmit(account: string, password: string, submitName: RegExp) {
  fireEvent.change(await screen.findByLabelText(/mobile number|휴대폰 번호/i), { target: { value: account } });
  fireEvent.change(screen.getByLabelText(/^password$|^비밀번호$/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: submitName }));
}

describe('LoginPage', () => {
  it('wrong-password-shows-the-translated-toast', async () => {
    server.use(answerRefusal('user/login', 'account_or_password_incorrect'));
    renderPage(LoginPage, '/login/login');
    await fillAndSubmit('9000000001', 'not-the-password', /^sign in$/i);
    expect(await screen.findByText('Incorrect mobile number or password.')).toBeTruthy();
    expect(session.token).toBeNull();
    // The button is usable again for the next attempt (the toast can paint a moment before the
    // in-flight guard lets go, so wait for the button rather than read it at once).
    expect(((await screen.findByRole('button', { name: /^sign in$/i })) as HTMLButtonElement).disabled).toBe(false);
  });

  it('wrong-password-in-korean-shows-the-korean-toast', async () => {
    await activateLocale('ko');
    server.use(answerRefusal('user/login', 'account_or_password_incorrect'));
    renderPage(LoginPage, '/login/login');
    await fillAndSubmit('9000000001', 'not-the-password', /^로그인$/);
    expect(await screen.findByText('휴대폰 번호 또는 비밀번호가 올바르지 않습니다.')).toBeTruthy();
  });

  it('successful-sign-in-starts-the-session-remembers-the-account-and-goes-home', async () => {
    server.use(answerOk('user/login', { token: 'token-abc', account: '9000000001' }));
    renderPage(LoginPage, '/login/login');
    fireEvent.click(await screen.findByLabelText(/remember account/i));
    await fillAndSubmit('9000000001', 'demo-pass-123', /^sign in$/i);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/home/index');
    expect(session.token).toBe('token-abc');
    // The token is never stored: after a reload the HttpOnly cookie carries the session.
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('account')).toBe('9000000001');
    expect(readRememberedAccount()).toBe('9000000001');
  });

  it('with-two-step-verification-on-the-code-step-follows-the-password', async () => {
    server.use(answerOk('user/login', { mfa_required: true, challenge: 'challenge-1' }), answerOk('user/loginMfa', { token: 'token-mfa', account: '9000000001' }));
    renderPage(LoginPage, '/login/login');
    await fillAndSubmit('9000000001', 'demo-pass-123', /^sign in$/i);
    fireEvent.change(await screen.findByLabelText(/verification code/i), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /verify and sign in/i }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/home/index');
    expect(session.token).toBe('token-mfa');
  });

  it('an-expired-challenge-goes-back-to-the-password', async () => {
    server.use(answerOk('user/login', { mfa_required: true, challenge: 'challenge-2' }), answerRefusal('user/loginMfa', 'mfa_challenge_expired'));
    renderPage(LoginPage, '/login/login');
    await fillAndSubmit('9000000001', 'demo-pass-123', /^sign in$/i);
    fireEvent.change(await screen.findByLabelText(/verification code/i), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /verify and sign in/i }));
    expect(await screen.findByText('This sign-in has expired. Enter your password again.')).toBeTruthy();
    expect(await screen.findByLabelText(/^password$/i)).toBeTruthy();
  });

  it('remembered-account-is-pre-filled', async () => {
    rememberAccount('9876543210');
    renderPage(LoginPage, '/login/login');
    expect(((await screen.findByLabelText(/mobile number/i)) as HTMLInputElement).value).toBe('9876543210');
    expect((screen.getByLabelText(/remember account/i) as HTMLInputElement).checked).toBe(true);
  });

  it('show-password-reveals-what-was-typed', async () => {
    renderPage(LoginPage, '/login/login');
    const password = (await screen.findByLabelText(/^password$/i)) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: /show password/i }));
    expect(password.type).toBe('text');
  });
});
