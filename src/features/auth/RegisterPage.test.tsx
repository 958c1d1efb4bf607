// Proves the registration form sends what the user typed and shows the server's rule,
// translated, when it refuses.
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

async function fillForm(values: { account: string; password: string; password2: string; inviteCode: string }) {
  fireEvent.change(await screen.findByLabelText(/mobile number/i), { target: { value: values.account } });
  fireEvent.change(screen.getByLabelText(/^password$/i), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText(/^confirm password$/i), { target: { value: values.password2 } });
  fireEvent.change(screen.getByLabelText(/invitation code/i), { target: { value: values.inviteCode } });
}

describe('RegisterPage', () => {
  it('unknown-invitation-code-shows-the-server-message', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/vue/user/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 0, msg: 'inviter_does_not_exist', data: null });
      }),
    );
    renderPage(RegisterPage, '/login/register');
    await fillForm({ account: '9123456789', password: 'long-enough-1', password2: 'long-enough-1', inviteCode: 'NOPE' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^create account$/i }));
    expect(await screen.findByText('This invitation code is not valid.')).toBeTruthy();
    expect(sent).toEqual({ account: '9123456789', password: 'long-enough-1', password2: 'long-enough-1', invite_code: 'NOPE', agree: true });
  });

  it('unticked-agreement-shows-the-agreement-rule', async () => {
    server.use(answerRefusal('user/register', 'agreement_not_accepted'));
    renderPage(RegisterPage, '/login/register');
    await fillForm({ account: '9123456789', password: 'long-enough-1', password2: 'long-enough-1', inviteCode: 'DEMO100' });
    fireEvent.click(screen.getByRole('button', { name: /^create account$/i }));
    expect(await screen.findByText('Please accept the user agreement to continue.')).toBeTruthy();
  });

  it('invitation-code-from-an-advisor-link-is-pre-filled', async () => {
    renderPage(RegisterPage, '/login/register?invite_code=DEMO100');
    expect(((await screen.findByLabelText(/invitation code/i)) as HTMLInputElement).value).toBe('DEMO100');
  });
});
