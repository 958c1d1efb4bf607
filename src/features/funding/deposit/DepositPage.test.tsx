// Proves the deposit screen: the minimum and window are shown up front with the firm's
// account details; a deposit needs amount, UTR and an uploaded receipt, is confirmed with
// its amount and destination, and is sent once with one idempotency key, the same key on a
// retry; a pending deposit blocks a new one; the history shows each status with its reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../../contract/api.ts';
import { recording } from '../../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { channelOf, depositInfoOf, depositOf, pageOf, refusing } from '../testing/fundingFixtures.ts';
import { DepositPage } from './DepositPage.tsx';

const input = (name: string) => document.querySelector(`input[name=${name}]`) as HTMLInputElement;
const receiptAnswer = http.post('*/api/vue/upload/image', () => HttpResponse.json({ status: 1, msg: 'ok', data: { upload_id: '77' } }));

async function fillDeposit(amount = '25,000') {
  fireEvent.change(input('amount'), { target: { value: amount } });
  fireEvent.change(input('reference'), { target: { value: 'UTR123456789' } });
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'receipt.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId('receipt-input'), { target: { files: [file] } });
  await waitFor(() => expect(screen.getByTestId('receipt-status').textContent).toBe('Receipt uploaded'));
}

describe('DepositPage', () => {
  it('shows-the-rules-and-channel-then-submits-a-confirmed-deposit', async () => {
    let info = depositInfoOf({ minimum: '5000.00', window: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' } });
    const deposit = recording('user/deposit', (body) => depositOf({ amount: body.amount }));
    server.use(
      http.post('*/api/vue/user/depositInfo', () => HttpResponse.json({ status: 1, msg: 'ok', data: info })),
      deposit.handler,
      receiptAnswer,
    );
    renderPage(DepositPage, '/information/recharge');
    expect((await screen.findByTestId('deposit-minimum')).textContent).toBe('₹5,000.00');
    expect(screen.getByTestId('deposit-window').textContent).toBe('Mon–Fri, 09:00–18:00 IST');
    const details = screen.getByTestId('channel-details');
    expect(details.textContent).toContain('123456789012');
    expect(details.textContent).toContain('ledgerline@icici');
    expect(within(details).getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByText(/never a person/)).toBeTruthy();

    fireEvent.change(input('amount'), { target: { value: '4999.99' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('The minimum deposit is ₹5,000.00.');
    await fillDeposit();
    fireEvent.click(screen.getByRole('button', { name: 'Review deposit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('₹25,000.00');
    expect(within(dialog).getByTestId('confirm-destination').textContent).toBe('Ledgerline Securities Pvt Ltd · ICICI Bank');

    info = depositInfoOf({ pending: depositOf() });
    const confirm = within(dialog).getByRole('button', { name: 'Submit deposit' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByTestId('pending-deposit')).toBeTruthy();
    expect(deposit.bodies).toHaveLength(1);
    expect(deposit.bodies[0]).toMatchObject({ channel_id: '3', amount: '25000.00', reference: 'UTR123456789', receipt_upload_id: '77' });
    expect(deposit.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(screen.queryByRole('button', { name: 'Review deposit' })).toBeNull();
  });

  it('asks-for-the-receipt-before-anything-is-sent', async () => {
    const deposit = recording('user/deposit', () => depositOf());
    server.use(answerOk('user/depositInfo', depositInfoOf()), deposit.handler);
    renderPage(DepositPage, '/information/recharge');
    await screen.findByTestId('channel-details');
    fireEvent.change(input('amount'), { target: { value: '6000' } });
    fireEvent.change(input('reference'), { target: { value: 'UTR1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review deposit' }));
    const status = screen.getByTestId('receipt-status');
    expect(status.textContent).toBe('Upload the deposit receipt first.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deposit.bodies).toEqual([]);
  });

  it('a-below-minimum-refusal-shows-the-minimum', async () => {
    // The minimum was raised after the page loaded: the server's answer carries the new one.
    const deposit = refusing('user/deposit', 'deposit_below_minimum:5000.00');
    server.use(answerOk('user/depositInfo', depositInfoOf({ minimum: '100.00' })), deposit.handler, receiptAnswer);
    renderPage(DepositPage, '/information/recharge');
    await screen.findByTestId('channel-details');
    await fillDeposit('1000');
    fireEvent.click(screen.getByRole('button', { name: 'Review deposit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('The minimum deposit is ₹5,000.00.')).toBeTruthy();
    expect(deposit.bodies).toHaveLength(1);
  });

  it('a-retry-after-a-lost-answer-reuses-the-idempotency-key', async () => {
    const keys: string[] = [];
    server.use(
      answerOk('user/depositInfo', depositInfoOf()),
      receiptAnswer,
      http.post('*/api/vue/user/deposit', async ({ request }) => {
        keys.push(((await request.json()) as RequestOf<'user/deposit'>).idempotency_key);
        return keys.length < 3 ? HttpResponse.error() : HttpResponse.json({ status: 1, msg: 'ok', data: depositOf() });
      }),
    );
    renderPage(DepositPage, '/information/recharge');
    await screen.findByTestId('channel-details');
    await fillDeposit();
    fireEvent.click(screen.getByRole('button', { name: 'Review deposit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Network problem. Please check your connection and try again.')).toBeTruthy();
    // Retry in the open sheet.
    const submit = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit deposit' }) as HTMLButtonElement;
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(submit().disabled).toBe(false));
    // Closing the sheet and reviewing the same deposit again is still the same request.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review deposit' }));
    fireEvent.click(submit());
    expect(await screen.findByText('Deposit submitted. Your balance is credited once it is approved.')).toBeTruthy();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('a-pending-deposit-blocks-a-new-one', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ pending: depositOf({ amount: '7500.00' }) })));
    renderPage(DepositPage, '/information/recharge');
    const pending = await screen.findByTestId('pending-deposit');
    expect(pending.textContent).toContain('₹7,500.00');
    expect(pending.textContent).toContain('Under review');
    expect(pending.textContent).toContain('UTR123456789');
    expect(screen.queryByRole('button', { name: 'Review deposit' })).toBeNull();
  });

  it('outside-the-window-says-when-deposits-open-and-holds-the-form', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ open_now: false, window: { days: [1, 2, 3, 4, 5, 6], from: '09:00', to: '17:00' } })));
    renderPage(DepositPage, '/information/recharge');
    expect(await screen.findByText('Deposits are closed right now. They are accepted Mon–Sat, 09:00–17:00 IST.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Review deposit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('no-open-channel-says-so-and-offers-customer-service', async () => {
    server.use(answerOk('user/depositInfo', depositInfoOf({ channels: [channelOf({ active: false })] })));
    renderPage(DepositPage, '/information/recharge');
    expect(await screen.findByText('No deposit channel is open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact customer service' })).toBeTruthy();
  });

  it('the-history-tab-shows-statuses-reasons-and-loads-more', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => depositOf({ id: String(600 + index), status: 'approved' }));
    firstPage[0] = depositOf({ id: '700', status: 'rejected', reason: 'The UTR does not match any credit.' });
    const list = recording('user/depositList', (body) => (body.page === 1 ? pageOf(firstPage, 11) : pageOf([depositOf({ id: '599', status: 'pending' })], 11, 2)));
    server.use(list.handler);
    renderPage(DepositPage, '/information/recharge?tab=history');
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(10));
    const rejected = screen.getAllByTestId('deposit-row')[0]!;
    expect(rejected.textContent).toContain('Rejected');
    expect(rejected.textContent).toContain('Reason: The UTR does not match any credit.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(11));
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
    expect(list.bodies).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('an-empty-history-invites-a-first-deposit', async () => {
    server.use(answerOk('user/depositList', pageOf([])));
    renderPage(DepositPage, '/information/recharge?tab=history');
    expect(await screen.findByText('No deposits yet')).toBeTruthy();
  });
});
