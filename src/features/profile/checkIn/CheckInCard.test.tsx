// Proves the Mine page shows the daily check-in with its streak and checks in once, shows a
// second check-in's refusal in words, badges Messages with the unread count, and still works
// when the check-in state cannot be loaded.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { MinePage } from '../../mine/MinePage.tsx';
import { unreadMessagesState } from '../messages/unreadMessages.ts';

const userInfo: ResponseOf<'user/info'> = {
  user_id: '1',
  account: '9000000001',
  state: 'active',
  restrictions: { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false },
  institution: 'Ledgerline Demo',
  created_at: '2026-01-05T06:00:00.000Z',
  vip: false,
  balances: { cash: '1000000.00', available: '1000000.00', frozen: '0.00', total_assets: '1000000.00', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' },
  balances_by_currency: [{ currency: 'INR', cash: '1000000.00', available: '1000000.00', frozen: '0.00', invested: '0.00', market_value: '0.00', total_assets: '1000000.00' }],
  avatar_upload_id: null,
};
const messages = (unread: number) => answerOk('user/messages', { items: [], total: unread, page: 1, page_size: 10, unread });

beforeEach(() => {
  unreadMessagesState.count = null;
});

describe('daily check-in on the Mine page', () => {
  it('shows-the-streak-and-checks-in-once', async () => {
    const checkIn = recording('user/checkIn', () => ({ checked_in_today: true, streak: 4, total: 9 }));
    server.use(answerOk('user/info', userInfo), messages(0), answerOk('user/checkInState', { checked_in_today: false, streak: 3, total: 8 }), checkIn.handler);
    renderPage(MinePage, '/information/mine');
    const card = await screen.findByTestId('check-in-card');
    await waitFor(() => expect(within(card).getByTestId('check-in-streak').textContent).toBe('Current streak: 3 · Total: 8'));
    fireEvent.click(within(card).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in. Current streak: 4.')).toBeTruthy();
    expect(within(card).getByTestId('check-in-streak').textContent).toBe('Current streak: 4 · Total: 9');
    expect((within(card).getByRole('button', { name: 'Done today' }) as HTMLButtonElement).disabled).toBe(true);
    expect(checkIn.bodies).toHaveLength(1);
    expect(within(card).getByText(/they earn no money, points or rewards/)).toBeTruthy();
  });

  it('a-user-who-never-checked-in-has-no-streak-yet', async () => {
    server.use(answerOk('user/info', userInfo), messages(0), answerOk('user/checkInState', { checked_in_today: false, streak: 0, total: 0 }));
    renderPage(MinePage, '/information/mine');
    expect((await screen.findByTestId('check-in-streak')).textContent).toBe('No streak yet · Total: 0');
  });

  it('a-second-check-in-the-same-day-is-refused-in-words', async () => {
    server.use(
      answerOk('user/info', userInfo),
      messages(0),
      answerOk('user/checkInState', { checked_in_today: false, streak: 1, total: 1 }),
      answerRefusal('user/checkIn', 'already_checked_in_today'),
    );
    renderPage(MinePage, '/information/mine');
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You have already checked in today. Come back tomorrow.')).toBeTruthy();
  });

  it('messages-carry-the-unread-count-and-the-new-rows-are-there', async () => {
    server.use(answerOk('user/info', userInfo), messages(5), answerRefusal('user/checkInState', 'system_busy'));
    renderPage(MinePage, '/information/mine');
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('5');
    // The card that could not load stays out of the way.
    expect(screen.queryByTestId('check-in-card')).toBeNull();
    for (const label of ['Account activity', 'Settings', 'Privacy policy', 'Nominees', 'Personal details']) {
      expect(screen.getAllByRole('link', { name: new RegExp(label) }).length).toBeGreaterThan(0);
    }
  });
});
