// Proves the pledge screen: the published rules, each pledge with its live value, limit and
// loan-to-value (refreshed as prices move), positions to pledge whose limits add up as they
// are ticked, an amount checked against the minimum and that limit, one confirmed request
// with one key, and release offered only once the loan is repaid.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PledgeListResponse, PledgeView } from '../../../../contract/pledge.ts';
import { recording } from '../../market/testing/marketFixtures.ts';
import { server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { PledgePage, pledgeRefreshMs } from './PledgePage.tsx';

const rules = { minimum: '10000.00', review_above: '200000.00', four_eyes_above: '1000000.00', warning_ltv_bps: 6000, sale_ltv_bps: 7500, open: true };

const pledgeOf = (changes: Partial<PledgeView> = {}): PledgeView => ({
  id: '5', status: 'successful', amount: '100000.00', limit_at_request: '175000.00', value: '350000.00', limit: '175000.00', loan_id: '12',
  outstanding: '100000.00', ltv_bps: 2858, reviews_needed: 0, review_reason: null,
  positions: [{ order_no: '77', code: 'TCS', quantity: '100', haircut_bps: 5000, price: '3500.00', value: '350000.00', limit: '175000.00', state: 'pledged' }],
  created_at: '2026-11-25T05:00:00.000Z', completed_at: null, ...changes,
});

const candidates = [
  { order_no: '81', code: 'INFY', quantity: '100', haircut_bps: 5000, price: '1500.00', value: '150000.00', limit: '75000.00' },
  { order_no: '82', code: 'HDFCBANK', quantity: '50', haircut_bps: 5000, price: '1600.00', value: '80000.00', limit: '40000.00' },
];

const listOf = (changes: Partial<PledgeListResponse> = {}): PledgeListResponse => ({ pledges: [pledgeOf()], candidates, rules, ...changes });
const input = (name: string) => document.querySelector(`input[name=${name}]`) as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('PledgePage', () => {
  it('shows-the-pledge-and-its-limit-following-the-price', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const list = recording('pledge/list', () => {
      answers += 1;
      // The second answer comes after TCS fell 10 %: the limit and the ratio move with it.
      return answers === 1 ? listOf() : listOf({ pledges: [pledgeOf({ value: '315000.00', limit: '157500.00', ltv_bps: 3175 })] });
    });
    server.use(list.handler);
    renderPage(PledgePage, '/information/pledge');
    expect((await screen.findByTestId('pledge-limit')).textContent).toBe('₹1,75,000.00');
    expect(screen.getByTestId('pledge-ltv').textContent).toBe('28.58%');
    expect(screen.getByTestId('pledge-rules').textContent).toContain('60.00%');
    expect(screen.getByTestId('pledge-status').textContent).toBe('Successful');
    await act(async () => {
      vi.advanceTimersByTime(pledgeRefreshMs);
    });
    await waitFor(() => expect(screen.getByTestId('pledge-limit').textContent).toBe('₹1,57,500.00'));
    expect(screen.getByTestId('pledge-value').textContent).toBe('₹3,15,000.00');
    expect(screen.getByTestId('pledge-ltv').textContent).toBe('31.75%');
  });

  it('pledges-the-ticked-positions-for-an-amount-within-their-limit-once', async () => {
    const request = recording('pledge/request', (body) => pledgeOf({ id: '6', amount: body.amount }));
    server.use(recording('pledge/list', () => listOf({ pledges: [] })).handler, request.handler);
    renderPage(PledgePage, '/information/pledge');
    expect((await screen.findAllByTestId('pledge-candidate'))).toHaveLength(2);
    expect(screen.getByTestId('pledge-form-limit').textContent).toBe('₹0.00');
    fireEvent.click(screen.getByRole('button', { name: 'Pledge and borrow' }));
    expect(screen.getByText('Choose at least one position to pledge.')).toBeTruthy();
    fireEvent.click(document.querySelector('input[name=position][value="81"]')!);
    fireEvent.click(document.querySelector('input[name=position][value="82"]')!);
    expect(screen.getByTestId('pledge-form-limit').textContent).toBe('₹1,15,000.00');
    fireEvent.change(input('amount'), { target: { value: '9,999' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('The minimum margin loan is ₹10,000.00.');
    fireEvent.change(input('amount'), { target: { value: '115000.01' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('You can borrow at most ₹1,15,000.00 against these positions.');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input('amount').value).toBe('115000.00');
    fireEvent.change(input('amount'), { target: { value: '50,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pledge and borrow' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('₹50,000.00');
    expect(within(dialog).getByTestId('confirm-positions').textContent).toBe('INFY × 100, HDFCBANK × 50');
    const confirm = within(dialog).getByRole('button', { name: 'Borrow' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Margin loan paid to your available balance.')).toBeTruthy();
    expect(request.bodies).toHaveLength(1);
    expect(request.bodies[0]).toMatchObject({ positions: ['81', '82'], amount: '50000.00' });
    expect(request.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('offers-release-only-once-the-loan-is-repaid', async () => {
    const release = recording('pledge/release', () => pledgeOf({ status: 'completed', outstanding: '0.00', completed_at: '2026-11-26T05:00:00.000Z' }));
    let repaid = false;
    server.use(recording('pledge/list', () => listOf({ pledges: [pledgeOf(repaid ? { outstanding: '0.00', ltv_bps: null } : {})], candidates: [] })).handler, release.handler);
    const view = renderPage(PledgePage, '/information/pledge');
    const button = (await screen.findByRole('button', { name: 'Repay to release' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Nothing to pledge')).toBeTruthy();
    view.unmount();
    repaid = true;
    renderPage(PledgePage, '/information/pledge');
    fireEvent.click(await screen.findByRole('button', { name: 'Release stock' }));
    expect(await screen.findByText('Your stock is released.')).toBeTruthy();
    expect(release.bodies).toEqual([{ pledge_id: '5' }]);
  });
});
