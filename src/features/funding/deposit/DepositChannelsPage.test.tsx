// Proves the channels screen lists only the firm's open collection accounts, each leading
// to the deposit form with that channel chosen, and says so when none is open.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { channelOf, depositInfoOf } from '../testing/fundingFixtures.ts';
import { DepositChannelsPage } from './DepositChannelsPage.tsx';
import { DepositPage } from './DepositPage.tsx';

describe('DepositChannelsPage', () => {
  it('lists-open-channels-with-a-way-to-deposit-through-each', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ channels: [channelOf(), channelOf({ id: '4', name: 'UPI', bank_name: 'Axis Bank', upi_id: null }), channelOf({ id: '5', name: 'Closed', active: false })] })));
    renderPage(DepositChannelsPage, '/information/rechargeChannel');
    await waitFor(() => expect(screen.getAllByTestId('channel-details')).toHaveLength(2));
    expect(screen.queryByText('Closed')).toBeNull();
    expect(screen.getByText('Minimum deposit ₹5,000.00 · accepted Every day, 00:00–23:59 IST')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Deposit with this channel' });
    // The router quotes a numeric-looking value so it reads back as text ("4", not 4).
    expect(decodeURIComponent(links[1]!.getAttribute('href')!)).toContain('/information/recharge?channel="4"');
    // UPI is offered only where the channel has an id.
    expect(within(screen.getAllByTestId('channel-details')[0]!).queryByRole('button', { name: 'Copy UPI ID' })).toBeTruthy();
    expect(within(screen.getAllByTestId('channel-details')[1]!).queryByRole('button', { name: 'Copy UPI ID' })).toBeNull();
  });

  it('the-deposit-form-opens-on-the-linked-channel', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ channels: [channelOf(), channelOf({ id: '4', name: 'UPI', bank_name: 'Axis Bank' })] })));
    renderPage(DepositPage, '/information/recharge?channel=4');
    const details = await screen.findByTestId('channel-details');
    expect(details.textContent).toContain('Axis Bank');
    expect((document.querySelector('input[name=channel][value="4"]') as HTMLInputElement).checked).toBe(true);
  });

  it('no-open-channel-says-so', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ channels: [] })));
    renderPage(DepositChannelsPage, '/information/rechargeChannel');
    expect(await screen.findByText('No deposit channel is open')).toBeTruthy();
  });
});
