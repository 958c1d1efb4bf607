// Proves the loan screen: the limit, what is borrowed and the score with each factor's points
// and fact; a borrow checked against what the limit leaves and sent once with one key; each
// open loan's repayment checked against what is owed (interest first) and refusals translated.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { refusing } from '../funding/testing/fundingFixtures.ts';
import { server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { LoanPage } from './LoanPage.tsx';
import { loanOf, overviewOf, pageOf } from './testing/lendingFixtures.ts';

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('LoanPage', () => {
  it('shows-the-limit-the-borrowed-amount-and-the-score-with-its-factors', async () => {
    server.use(
      recording('credit/overview', () => overviewOf({ borrowed: '20006.58', available: '29993.42' })).handler,
      recording('loan/list', (body) => (body.status === 'open' ? pageOf([loanOf()]) : pageOf([loanOf(), loanOf({ id: '9', status: 'repaid', outstanding: '0.00' })]))).handler,
    );
    renderPage(LoanPage, '/information/loan');
    expect((await screen.findByTestId('credit-limit')).textContent).toBe('₹50,000.00');
    expect(screen.getByTestId('credit-borrowed').textContent).toBe('₹20,006.58');
    expect(screen.getByTestId('credit-available').textContent).toBe('₹29,993.42');
    expect(screen.getByTestId('credit-score').textContent).toBe('520');
    expect(screen.getByTestId('credit-level').textContent).toBe('Average');
    const factors = screen.getAllByTestId('credit-factor');
    expect(factors).toHaveLength(6);
    expect(factors[0]!.textContent).toContain('Verified identity (KYC)');
    expect(factors[0]!.textContent).toContain('300 / 300');
    expect(factors[1]!.textContent).toContain('Days since you joined: 12');
    // The open loans are offered for repayment.
    expect(screen.getAllByTestId('open-loan').map((loan) => loan.getAttribute('data-loan-id'))).toEqual(['12']);
    expect(screen.getByTestId('loan-outstanding').textContent).toBe('₹20,006.58');
    expect(screen.getByTestId('loan-split').textContent).toBe('₹20,000.00 · ₹6.58');
  });

  it('borrows-an-amount-within-what-the-limit-leaves-once', async () => {
    const borrow = recording('loan/borrow', (body) => loanOf({ id: '13', principal: body.amount }));
    server.use(recording('credit/overview', () => overviewOf()).handler, recording('loan/list', () => pageOf([])).handler, borrow.handler);
    renderPage(LoanPage, '/information/loan');
    await screen.findByTestId('credit-limit');
    expect(screen.getByTestId('no-open-loans')).toBeTruthy();
    fireEvent.change(input('amount'), { target: { value: '50000.01' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('Your loan limit is insufficient: you can borrow at most ₹50,000.00 now.');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input('amount').value).toBe('50000.00');
    fireEvent.change(input('amount'), { target: { value: '25,000' } });
    fireEvent.submit(input('amount').form!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('₹25,000.00');
    expect(within(dialog).getByText('12.00% a year, charged daily')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrow' }));
    await waitFor(() => expect(borrow.bodies).toHaveLength(1));
    expect(borrow.bodies[0]).toMatchObject({ amount: '25000.00' });
    expect(borrow.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('repays-at-most-what-is-owed-and-translates-a-refusal', async () => {
    const repay = refusing('loan/repay', 'insufficient_available_balance');
    server.use(recording('credit/overview', () => overviewOf()).handler, recording('loan/list', () => pageOf([loanOf()])).handler, repay.handler);
    renderPage(LoanPage, '/information/loan');
    await screen.findByTestId('open-loan');
    fireEvent.change(input('repay-12'), { target: { value: '20006.59' } });
    expect(screen.getByTestId('repay-12-error').textContent).toBe('The repayment is greater than what you owe on this loan (₹20,006.58).');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(input('repay-12').value).toBe('20006.58');
    fireEvent.click(screen.getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(repay.bodies).toHaveLength(1));
    expect(repay.bodies[0]).toMatchObject({ loan_id: '12', amount: '20006.58' });
  });
});
