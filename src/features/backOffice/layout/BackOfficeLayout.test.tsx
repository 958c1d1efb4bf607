// Proves the back office's frame: staff sign in with their own session (the user's stays
// untouched), refusals are translated, /admin pages need a staff session, the navigation
// lists exactly the sections the role's contract entries allow, none of the phone app's
// chrome is drawn, and signing out ends only the staff session.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session, startSession } from '../../auth/sessionStore.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice, staffOf } from '../testing/backOfficeFixtures.ts';
import { staffSession } from '../session/staffSession.ts';
import { renderApp } from '../../../app/testing/renderApp.tsx';
import '../kyc/KycQueuePage.tsx';
import '../users/UsersPage.tsx';

const navLinks = () => within(screen.getByRole('navigation', { name: 'Back office' })).getAllByRole('link').map((link) => link.textContent);

async function signIn(login: string, password: string, button = 'Sign in') {
  fireEvent.change(await screen.findByLabelText(/^(Login name|로그인 이름)$/), { target: { value: login } });
  fireEvent.change(screen.getByLabelText(/^(Password|비밀번호)$/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('back office frame', () => {
  it('sign-in-keeps-the-users-session-and-opens-the-first-section-of-the-role', async () => {
    startSession('user-token', '9000000001');
    server.use(
      answerOk('admin/login', { token: 'staff-token', login: 'reviewer', role: 'reviewer', name: 'Riya Reviewer', mfa_enrolment_required: false }),
      answerOk('admin/me', staffOf.reviewer),
      recorded('admin/kyc/list', () => pageOf([])).handler,
    );
    const router = renderApp('/admin/login');
    await signIn('Reviewer', 'demo-review-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
    // Only who is signed in is stored; the token stays in memory (the HttpOnly cookie survives a reload).
    expect(localStorage.getItem('staffToken')).toBeNull();
    expect(staffSession.token).toBe('staff-token');
    expect(localStorage.getItem('staffLogin')).toBe('reviewer');
    expect(session.token).toBe('user-token');
    expect(await screen.findByTestId('staff-name')).toBeTruthy();
    expect(screen.getByTestId('staff-role').textContent).toBe('Reviewer');
  });

  it('wrong-password-is-refused-in-the-readers-language', async () => {
    server.use(answerRefusal('admin/login', 'account_or_password_incorrect'));
    renderApp('/admin/login');
    await signIn('admin', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect login name or password.');
    expect(staffSession.token).toBeNull();
  });

  it('disabled-account-refusal-is-translated-to-korean', async () => {
    await activateLocale('ko');
    server.use(answerRefusal('admin/login', 'staff_disabled'));
    renderApp('/admin/login');
    // The back office's own catalog arrived in Korean too, not only the shared server messages.
    expect(await screen.findByRole('heading', { name: '백오피스 로그인' })).toBeTruthy();
    await signIn('admin', 'demo-admin-123', '로그인');
    expect((await screen.findByRole('alert')).textContent).toBe('비활성화된 직원 계정입니다.');
  });

  it('a-back-office-page-without-a-staff-session-goes-to-the-back-office-sign-in', async () => {
    startSession('user-token', '9000000001');
    const router = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('navigation-lists-exactly-the-sections-each-role-may-use', async () => {
    server.use(recorded('admin/users/list', () => pageOf([])).handler);
    const expected = {
      admin: ['KYC reviews', 'Deposits', 'Withdrawals', 'Margin loans', 'FX position', 'IPOs', 'Placements and rights issues', 'VIP allocations and levels', 'Block-trade desk', 'Strategy funds', 'Users', 'Invitation codes', 'Deposit channels', 'Configuration', 'Site information', 'News', 'Demo outbox', 'Audit log', 'Staff', 'My sessions'],
      reviewer: ['KYC reviews', 'Deposits', 'Withdrawals', 'Margin loans', 'FX position', 'IPOs', 'Placements and rights issues', 'VIP allocations and levels', 'Block-trade desk', 'Strategy funds', 'Users', 'Deposit channels', 'Audit log', 'My sessions'],
      operator: ['FX position', 'IPOs', 'Placements and rights issues', 'VIP allocations and levels', 'Block-trade desk', 'Strategy funds', 'Users', 'Invitation codes', 'Deposit channels', 'News', 'Demo outbox', 'Audit log', 'My sessions'],
    } as const;
    for (const role of ['admin', 'reviewer', 'operator'] as const) {
      const view = renderBackOffice('/admin/users', role);
      await screen.findByRole('navigation', { name: 'Back office' });
      expect(navLinks()).toEqual(expected[role]);
      view.unmount();
    }
  });

  it('draws-none-of-the-phone-apps-chrome', async () => {
    server.use(recorded('admin/users/list', () => pageOf([])).handler);
    renderBackOffice('/admin/users', 'operator');
    await screen.findByRole('navigation', { name: 'Back office' });
    expect(screen.queryByRole('button', { name: 'Customer service' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByText('Ledgerline is not a registered broker. Demo and paper trading only.')).toBeNull();
  });

  it('sign-out-ends-only-the-staff-session', async () => {
    startSession('user-token', '9000000001');
    const logout = recorded('admin/logout', () => null);
    server.use(recorded('admin/users/list', () => pageOf([])).handler, logout.handler);
    const { router } = renderBackOffice('/admin/users', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(logout.accounts).toEqual(['operator']);
    expect(staffSession.token).toBeNull();
    expect(session.token).toBe('user-token');
  });

  it('switching-language-in-the-back-office-translates-its-own-texts', async () => {
    server.use(recorded('admin/users/list', () => pageOf([])).handler);
    renderBackOffice('/admin/users', 'reviewer');
    await screen.findByRole('link', { name: 'KYC reviews' });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh-Hant' } });
    expect(await screen.findByRole('link', { name: '實名認證審核' })).toBeTruthy();
    expect(screen.getByTestId('staff-role').textContent).toBe('審核員');
  });
});
