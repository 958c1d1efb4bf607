// Proves the sign-in security page: turning the second factor on shows the QR code's secret,
// sends the code and then shows the recovery codes once with a copy button; the signed-in
// devices are listed with this device marked, and "End" ends another session (list reloads)
// or, for this device, signs out; a failed load is said in words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionListItem } from '../../../../contract/sessions.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { UserSecurityPage } from './UserSecurityPage.tsx';

const sessionOf = (overrides: Partial<SessionListItem>): SessionListItem => ({
  id: '1',
  device: 'Android 14 · mobile',
  browser: 'Chrome 131',
  place: '10.1.2.x',
  created_at: '2026-11-27T04:30:00.000Z',
  last_seen_at: '2026-11-28T06:00:00.000Z',
  current: false,
  ...overrides,
});

describe('UserSecurityPage', () => {
  it('turning-on-shows-the-secret-then-the-recovery-codes-once', async () => {
    let enabled = false;
    const enable = recording('user/mfa/enable', () => ((enabled = true), { recovery_codes: ['abcde-12345', 'fghij-67890'] }));
    server.use(
      answerOk('user/sessions', { items: [] }),
      recording('user/mfa/status', () => ({ enabled })).handler,
      answerOk('user/mfa/setup', { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Ledgerline:9000000001?secret=JBSWY3DPEHPK3PXP' }),
      enable.handler,
    );
    renderPage(UserSecurityPage, '/information/signInSecurity');
    expect((await screen.findByTestId('mfa-status')).textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['abcde-12345', 'fghij-67890']);
    expect(enable.bodies).toEqual([{ code: '123456' }]);
    expect(screen.getByRole('button', { name: 'Copy Recovery codes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toContain('On'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('a-wrong-code-is-said-under-the-field', async () => {
    server.use(
      answerOk('user/sessions', { items: [] }),
      answerOk('user/mfa/status', { enabled: true }),
      answerRefusal('user/mfa/disable', 'mfa_code_incorrect'),
    );
    renderPage(UserSecurityPage, '/information/signInSecurity');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right');
  });

  it('lists-the-devices-marks-this-one-and-ends-another', async () => {
    let items = [sessionOf({ id: '7', current: true, device: 'Windows · desktop', browser: 'Firefox 133' }), sessionOf({ id: '8' })];
    const end = recording('user/endSession', (body) => ((items = items.filter((item) => item.id !== body.id)), null));
    server.use(answerOk('user/mfa/status', { enabled: false }), recording('user/sessions', () => ({ items })).handler, end.handler);
    renderPage(UserSecurityPage, '/information/signInSecurity');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('this-device')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('this-device')).toBeNull();
    expect(rows[1]!.textContent).toContain('Android 14 · mobile · Chrome 131');
    expect(rows[1]!.textContent).toContain('10.1.2.x');
    expect(rows[1]!.textContent).toMatch(/Signed in 27 Nov 2026.*10:00.*last seen 28 Nov 2026.*11:30/);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'End session on Android 14 · mobile · Chrome 131' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(end.bodies).toEqual([{ id: '8' }]);
  });

  it('ending-this-device-signs-out', async () => {
    server.use(answerOk('user/mfa/status', { enabled: false }), answerOk('user/sessions', { items: [sessionOf({ id: '7', current: true })] }), answerOk('user/endSession', null));
    renderPage(UserSecurityPage, '/information/signInSecurity');
    fireEvent.click(await screen.findByRole('button', { name: 'End this session and sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
  });

  it('a-failed-sessions-load-says-so-with-retry', async () => {
    server.use(answerOk('user/mfa/status', { enabled: false }), answerRefusal('user/sessions', 'system_busy'));
    renderPage(UserSecurityPage, '/information/signInSecurity');
    expect(await screen.findByText('Your signed-in devices could not be loaded.')).toBeTruthy();
  });
});
