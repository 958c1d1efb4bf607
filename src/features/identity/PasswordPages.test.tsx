// Proves the password screens: the login password change sends the three fields once and
// returns to the security page; a wrong current password is shown translated; the fund
// password page sets a PIN (digits only) when none is set and changes it otherwise, showing
// a lockout and the server's refusals in the user's words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { recording } from '../market/testing/marketFixtures.ts';
import { FundPasswordPage, LoginPasswordPage } from './PasswordPages.tsx';

const security = (overrides: Partial<{ fund_password_set: boolean; fund_password_locked_until: string | null }> = {}) =>
  answerOk('user/security', { kyc_status: 'verified', fund_password_set: false, fund_password_locked_until: null, bank_cards: 0, ...overrides });
const type = async (label: string, value: string) => fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('login password (/information/loginPass)', () => {
  it('a-change-is-sent-once-and-returns-to-security', async () => {
    const change = recording('user/changePassword', () => null);
    server.use(change.handler);
    const { router } = renderPage(LoginPasswordPage, '/information/loginPass');
    await type('Current password', 'correct-horse');
    await type('New password', 'battery-staple-9');
    await type('Confirm new password', 'battery-staple-9');
    const button = screen.getByRole('button', { name: 'Change password' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/safety'));
    expect(change.bodies).toEqual([{ old_password: 'correct-horse', password: 'battery-staple-9', password2: 'battery-staple-9' }]);
    expect(await screen.findByText('Password changed. Other devices have been signed out.')).toBeTruthy();
  });

  it('a-wrong-current-password-is-shown-translated-and-the-page-stays', async () => {
    server.use(answerRefusal('user/changePassword', 'wrong_original_password'));
    const { router } = renderPage(LoginPasswordPage, '/information/loginPass');
    await type('Current password', 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/information/loginPass');
  });
});

describe('fund password (/information/fundPass)', () => {
  it('without-one-the-user-sets-a-six-digit-pin', async () => {
    const set = recording('user/setFundPassword', () => null);
    server.use(security(), set.handler);
    const { router } = renderPage(FundPasswordPage, '/information/fundPass');
    const pin = (await screen.findByLabelText('Fund password (6 digits)')) as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '48a2 9137' } });
    expect(pin.value).toBe('482913');
    await type('Enter it again', '482913');
    fireEvent.click(screen.getByRole('button', { name: 'Set fund password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/safety'));
    expect(set.bodies).toEqual([{ password: '482913', password2: '482913' }]);
  });

  it('two-different-pins-are-refused-in-the-users-words', async () => {
    server.use(security(), answerRefusal('user/setFundPassword', 'passwords_do_not_match'));
    renderPage(FundPasswordPage, '/information/fundPass');
    await type('Fund password (6 digits)', '111111');
    await type('Enter it again', '111112');
    fireEvent.click(screen.getByRole('button', { name: 'Set fund password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
  });

  it('with-one-set-the-user-changes-it-with-the-old-one', async () => {
    const change = recording('user/changeFundPassword', () => null);
    server.use(security({ fund_password_set: true }), change.handler);
    renderPage(FundPasswordPage, '/information/fundPass');
    await type('Current fund password', '482913');
    await type('New fund password (6 digits)', '907315');
    await type('Enter the new one again', '907315');
    fireEvent.click(screen.getByRole('button', { name: 'Change fund password' }));
    await waitFor(() => expect(change.bodies).toEqual([{ old_fund_password: '482913', password: '907315', password2: '907315' }]));
  });

  it('a-lockout-is-announced-and-a-wrong-pin-is-shown-translated', async () => {
    server.use(security({ fund_password_set: true, fund_password_locked_until: '2026-11-23T10:00:00.000Z' }), answerRefusal('user/changeFundPassword', 'fund_password_locked'));
    renderPage(FundPasswordPage, '/information/fundPass');
    expect((await screen.findByTestId('fund-password-locked')).textContent).toMatch(/^Too many wrong fund passwords\. You can try again after .*3:30.* \(IST\)\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Change fund password' }));
    expect(await screen.findByText('Too many wrong fund passwords. Try again later.')).toBeTruthy();
  });
});
