// Proves the Funds tab shows the ledger balances with Deposit and Withdraw, the shortcuts
// to records, bank accounts and wallet, and only the latest few fund records.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../contract/api.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FundsPage, latestRecordsShown } from './FundsPage.tsx';
import { fundRecordOf, pageOf } from './testing/fundingFixtures.ts';

const userInfo: ResponseOf<'user/info'> = {
  user_id: '1',
  account: '9000000001',
  state: 'active',
  restrictions: { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false },
  institution: '',
  created_at: '2026-11-01T00:00:00.000Z',
  vip: false,
  avatar_upload_id: null,
  balances: { cash: '1000000.00', available: '987654.32', frozen: '12345.68', total_assets: '1000000.00' },
};

describe('FundsPage', () => {
  it('shows-balances-money-buttons-shortcuts-and-the-latest-records', async () => {
    server.use(answerOk('user/info', userInfo), answerOk('user/fundRecords', pageOf(Array.from({ length: 10 }, (_, index) => fundRecordOf(index + 1)), 40)));
    renderPage(FundsPage, '/information/mine_fund');
    expect((await screen.findByTestId('balance-total')).textContent).toBe('₹10,00,000.00');
    expect(screen.getByTestId('balance-available').textContent).toBe('₹9,87,654.32');
    expect(screen.getByTestId('balance-frozen').textContent).toBe('₹12,345.68');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toContain('/information/recharge');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toContain('/information/withdrawal');
    for (const [name, path] of [['Bank accounts', '/information/bankList'], ['Wallet address', '/information/usdtAddress'], ['Withdrawal records', '/information/cashOut'], ['Fund records', '/information/fundRecord']]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toContain(path);
    }
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(latestRecordsShown));
  });

  it('no-records-yet-invites-a-deposit', async () => {
    server.use(answerOk('user/info', userInfo), answerOk('user/fundRecords', pageOf([])));
    renderPage(FundsPage, '/information/mine_fund');
    expect(await screen.findByText('No fund records yet')).toBeTruthy();
  });

  it('balances-that-fail-to-load-offer-retry', async () => {
    server.use(answerRefusal('user/info', 'system_busy'), answerOk('user/fundRecords', pageOf([])));
    renderPage(FundsPage, '/information/mine_fund');
    expect(await screen.findByText('Your balances could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
