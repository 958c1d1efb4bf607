// Proves the loan records: every loan with what it lent, its interest and repayments, and, on
// demand, its record line by line (each date's interest, each repayment split interest first),
// a page at a time; an empty list says how to borrow.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoanEvent } from '../../../contract/lending.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { LoanRecordsPage } from './LoanRecordsPage.tsx';
import { interestEvent, loanOf, pageOf } from './testing/lendingFixtures.ts';

const repayment: LoanEvent = { kind: 'repayment', at: '2026-11-26T06:30:00.000Z', amount: '1000.00', interest: '13.16', principal: '986.84', on_principal: null };
const borrowed: LoanEvent = { kind: 'borrow', at: '2026-11-24T06:00:00.000Z', amount: '20000.00', interest: null, principal: null, on_principal: null };

describe('LoanRecordsPage', () => {
  it('lists-loans-and-opens-a-record-of-every-accrual-and-repayment-page-by-page', async () => {
    const firstPage = [repayment, ...Array.from({ length: 9 }, (_, day) => interestEvent(`2026-11-${String(25 - day).padStart(2, '0')}`))];
    const detail = recording('loan/detail', (body) => ({ loan: loanOf(), events: body.page === 1 ? pageOf(firstPage, 11, 1) : pageOf([borrowed], 11, 2) }));
    server.use(recording('loan/list', () => pageOf([loanOf(), loanOf({ id: '9', kind: 'margin', status: 'repaid', repaid: '5003.29' })])).handler, detail.handler);
    renderPage(LoanRecordsPage, '/information/jkjl');
    const rows = await screen.findAllByTestId('loan-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['open', 'repaid']);
    expect(rows[0]!.textContent).toContain('Credit loan · 12');
    expect(rows[0]!.textContent).toContain('Borrowed ₹20,000.00');
    expect(within(rows[0]!).getByTestId('loan-row-outstanding').textContent).toBe('Owed ₹20,006.58');
    expect(rows[1]!.textContent).toContain('Margin loan · 9');
    expect(rows[1]!.textContent).toContain('Repaid ₹5,003.29');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Show its record' }));
    await waitFor(() => expect(within(rows[0]!).getAllByTestId('loan-event')).toHaveLength(10));
    const [first, second] = within(rows[0]!).getAllByTestId('loan-event');
    expect(first!.getAttribute('data-kind')).toBe('repayment');
    expect(first!.textContent).toContain('Interest ₹13.16 · principal ₹986.84');
    expect(second!.textContent).toContain('Interest · 2026-11-25');
    expect(second!.textContent).toContain('On ₹20,000.00');
    expect(second!.textContent).toContain('₹6.58');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(within(rows[0]!).getAllByTestId('loan-event')).toHaveLength(11));
    expect(detail.bodies.map((body) => body.page)).toEqual([1, 2]);
  });

  it('says-how-to-borrow-when-there-is-no-loan', async () => {
    server.use(recording('loan/list', () => pageOf([])).handler);
    renderPage(LoanRecordsPage, '/information/jkjl');
    expect(await screen.findByText('No loans yet')).toBeTruthy();
  });
});
