// Proves the withdrawal records show each state as the user needs it: under review,
// awaiting the second approval, paid with the bank reference, rejected with the reason;
// that the list pages on and that an empty list says so.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recording } from '../../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { pageOf, withdrawalOf } from '../testing/fundingFixtures.ts';
import { WithdrawalRecordsPage } from './WithdrawalRecordsPage.tsx';

describe('WithdrawalRecordsPage', () => {
  it('shows-every-state-and-loads-the-next-page', async () => {
    const firstPage = [
      withdrawalOf({ id: '1', status: 'pending' }),
      withdrawalOf({ id: '2', status: 'first_approved', amount: '900000.00' }),
      withdrawalOf({ id: '3', status: 'paid', bank_reference: 'HDFCN52026112300001' }),
      withdrawalOf({ id: '4', status: 'rejected', reason: 'The account is not in your name.' }),
      ...Array.from({ length: 6 }, (_, index) => withdrawalOf({ id: String(10 + index), status: 'paid', bank_reference: `REF${index}` })),
    ];
    const list = recording('user/withdrawList', (body) => (body.page === 1 ? pageOf(firstPage, 12) : pageOf([withdrawalOf({ id: '20' }), withdrawalOf({ id: '21' })], 12, 2)));
    server.use(list.handler);
    renderPage(WithdrawalRecordsPage, '/information/cashOut');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(10));
    const rows = screen.getAllByTestId('withdrawal-row');
    expect(rows[0]!.textContent).toContain('Under review');
    expect(rows[1]!.textContent).toContain('Awaiting second approval');
    expect(rows[2]!.textContent).toContain('Paid');
    expect(rows[2]!.textContent).toContain('Bank reference HDFCN52026112300001');
    expect(rows[3]!.textContent).toContain('Rejected');
    expect(rows[3]!.textContent).toContain('Reason: The account is not in your name.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(12));
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
    expect(list.bodies).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('no-withdrawals-says-so', async () => {
    server.use(answerOk('user/withdrawList', pageOf([])));
    renderPage(WithdrawalRecordsPage, '/information/cashOut');
    expect(await screen.findByText('No withdrawals yet')).toBeTruthy();
  });

  it('a-failed-load-offers-retry-which-loads-the-list', async () => {
    let answers = 0;
    server.use(
      http.post('*/api/vue/user/withdrawList', () => {
        answers += 1;
        return answers === 1 ? HttpResponse.json({ status: 0, msg: 'system_busy', data: null }) : HttpResponse.json({ status: 1, msg: 'ok', data: pageOf([withdrawalOf()]) });
      }),
    );
    renderPage(WithdrawalRecordsPage, '/information/cashOut');
    expect(await screen.findByText('Your withdrawals could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdrawal-row')).toBeTruthy();
  });
});
