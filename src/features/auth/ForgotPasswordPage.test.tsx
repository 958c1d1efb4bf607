// Proves the forgot-password pages: the number is sent and the reset page follows with it; the
// reset sends the code and both passwords, then goes to sign-in; a wrong code shows the server's
// refusal in the reader's language and stays on the page.
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiBasePath } from '../../../contract/envelope.ts';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { ForgotPasswordPage, ResetPasswordPage } from './ForgotPasswordPage.tsx';

function recording(path: string, data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiBasePath + path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ status: 1, msg: 'ok', data });
    }),
  );
  return bodies;
}

describe('ForgotPasswordPage', () => {
  it('sends-the-number-and-goes-on-to-the-code', async () => {
    const sent = recording('user/forgotPassword', { code_minutes: 10 });
    const { router } = renderPage(ForgotPasswordPage, '/login/forgotPassword');
    fireEvent.change(await screen.findByLabelText(/mobile number/i), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: /send code/i }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/login/resetPassword');
    expect(router.state.location.search).toEqual({ account: '9876543210' });
    expect(sent).toEqual([{ account: '9876543210' }]);
  });
});

describe('ResetPasswordPage', () => {
  const fill = async (code: string) => {
    fireEvent.change(await screen.findByLabelText(/code from the sms/i), { target: { value: code } });
    fireEvent.change(screen.getByLabelText(/^new password$/i), { target: { value: 'violet-harbour-kettle' } });
    fireEvent.change(screen.getByLabelText(/^confirm new password$/i), { target: { value: 'violet-harbour-kettle' } });
  };

  it('resets-with-the-code-and-goes-to-sign-in', async () => {
    const sent = recording('user/resetPassword', null);
    renderPage(ResetPasswordPage, '/login/resetPassword?account=9876543210');
    expect((await screen.findByTestId('reset-sent-to')).textContent).toContain('9876543210');
    await fill('04 29 17');
    fireEvent.click(screen.getByRole('button', { name: /^reset password$/i }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/login/login');
    expect(await screen.findByText(/sign in with your new password/i)).toBeTruthy();
    expect(sent).toEqual([{ account: '9876543210', code: '042917', password: 'violet-harbour-kettle', password2: 'violet-harbour-kettle' }]);
  });

  it('a-wrong-code-shows-the-refusal-in-korean-and-stays', async () => {
    await activateLocale('ko');
    server.use(answerRefusal('user/resetPassword', 'reset_code_invalid'));
    renderPage(ResetPasswordPage, '/login/resetPassword?account=9876543210');
    fireEvent.change(await screen.findByLabelText('SMS 인증 코드'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 재설정' }));
    expect(await screen.findByText('코드가 틀렸거나 만료되었습니다. 문자를 확인하거나 새 코드를 요청하세요.')).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });
});
