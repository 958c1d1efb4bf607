// Proves the security page says where each safeguard stands (KYC, login password, fund
// password with its lockout, bank accounts), links each row to its page, and offers Retry
// when it cannot load.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { SecurityPage } from './SecurityPage.tsx';

describe('security (/information/safety)', () => {
  it('a-new-account-shows-what-is-still-to-do', async () => {
    server.use(answerOk('user/security', { kyc_status: 'not_verified', fund_password_set: false, fund_password_locked_until: null, bank_cards: 0 }));
    renderPage(SecurityPage, '/information/safety');
    expect((await screen.findByTestId('security-kyc')).textContent).toContain('Not verified');
    expect(screen.getByTestId('security-fund-password').textContent).toContain('Not set — set it to withdraw');
    expect(screen.getByTestId('security-bank-cards').textContent).toContain('None added');
    expect(screen.getByTestId('security-login-password').getAttribute('href')).toContain('/information/loginPass');
    expect(screen.getByTestId('security-sign-in').getAttribute('href')).toContain('/information/signInSecurity');
  });

  it('a-verified-account-with-a-locked-pin-and-two-cards', async () => {
    server.use(answerOk('user/security', { kyc_status: 'verified', fund_password_set: true, fund_password_locked_until: '2026-11-23T10:00:00.000Z', bank_cards: 2 }));
    const { router } = renderPage(SecurityPage, '/information/safety');
    expect((await screen.findByTestId('security-kyc')).textContent).toContain('Verified');
    expect(screen.getByTestId('security-fund-password').textContent).toMatch(/Locked until .*3:30/);
    expect(screen.getByTestId('security-bank-cards').textContent).toContain('2 accounts');
    fireEvent.click(screen.getByTestId('security-fund-password'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/fundPass'));
  });

  it('a-load-failure-offers-retry', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/vue/user/security', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        return HttpResponse.json({ status: 1, msg: 'ok', data: { kyc_status: 'under_review', fund_password_set: true, fund_password_locked_until: null, bank_cards: 1 } });
      }),
    );
    renderPage(SecurityPage, '/information/safety');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('security-kyc')).textContent).toContain('Under review');
    expect(screen.getByTestId('security-bank-cards').textContent).toContain('1 account');
  });
});
