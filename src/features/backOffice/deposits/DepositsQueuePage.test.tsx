// Proves the deposits queue shows amount, user, channel, reference and the receipt fetched
// with the staff session, approves with a reason, shows a refusal translated, and stays
// out of an operator's navigation; left open, it refreshes itself without a word on failure.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice, servingUploads } from '../testing/backOfficeFixtures.ts';
import { depositRow } from '../testing/rows.ts';
import './DepositsQueuePage.tsx';

async function decide(button: string, reason: string, confirm: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

describe('deposits queue', () => {
  it('a-deposit-above-the-four-eyes-amount-says-so-and-its-first-approval-credits-nothing', async () => {
    const review = recorded('admin/deposits/review', () => depositRow({ status: 'first_approved', needs_second_approver: true, first_approver: 'Riya Reviewer' }));
    server.use(recorded('admin/deposits/list', () => pageOf([depositRow({ amount: '1500000.00', needs_second_approver: true })])).handler, review.handler, servingUploads().handler);
    renderBackOffice('/admin/deposits', 'reviewer');
    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(within(row).getByTestId('four-eyes').textContent).toBe('Needs a second approver');
    fireEvent.click(row);
    await decide('Approve…', 'Seen on the statement', 'Give first approval');
    expect(await screen.findByText('First approval recorded')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '21', decision: 'approve', reason: 'Seen on the statement' }]);
  });

  it('reviewer-checks-the-receipt-and-approves-with-a-reason', async () => {
    const uploads = servingUploads();
    const review = recorded('admin/deposits/review', () => depositRow({ status: 'approved' }));
    server.use(recorded('admin/deposits/list', () => pageOf([depositRow()])).handler, review.handler, uploads.handler);
    renderBackOffice('/admin/deposits', 'reviewer');

    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(row.textContent).toContain('₹25,000.00');
    expect(row.textContent).toContain('HDFC collection');
    expect(row.textContent).toContain('UTR123456789');
    fireEvent.click(row);
    expect(await screen.findByRole('img', { name: 'Receipt' })).toBeTruthy();
    expect(uploads.requests).toEqual([{ id: '903', account: 'reviewer' }]);

    await decide('Approve…', 'Seen on the HDFC statement', 'Approve');
    expect(await screen.findByText('Deposit approved')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '21', decision: 'approve', reason: 'Seen on the HDFC statement' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refusal-is-shown-translated', async () => {
    server.use(recorded('admin/deposits/list', () => pageOf([depositRow()])).handler, servingUploads().handler, answerRefusal('admin/deposits/review', 'deposit_not_found'));
    renderBackOffice('/admin/deposits', 'admin');
    fireEvent.click((await screen.findAllByTestId('row'))[0]!);
    await decide('Reject…', 'No such transfer', 'Reject');
    expect((await screen.findByRole('alert')).textContent).toBe('No such deposit.');
  });

  it('a-queue-left-open-shows-new-deposits-by-itself-and-a-failed-refresh-keeps-its-rows-quietly', async () => {
    let rows = [depositRow()];
    server.use(recorded('admin/deposits/list', () => pageOf(rows)).handler);
    renderBackOffice('/admin/deposits', 'reviewer');
    expect(await screen.findAllByTestId('row')).toHaveLength(1);

    // The reviewer comes back to the window: the queue looks again without a click.
    rows = [depositRow(), depositRow({ id: '22', reference: 'UTR987654321' })];
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(2));

    let refusals = 0;
    server.use(http.post('*/api/vue/admin/deposits/list', () => {
      refusals += 1;
      return HttpResponse.json({ status: 0, msg: 'system_busy', data: null });
    }));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(refusals).toBe(1));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.getAllByTestId('row')).toHaveLength(2);
    expect(screen.queryByText('The system is busy. Please try again in a moment.')).toBeNull();
  });

  it('load-failure-offers-retry', async () => {
    server.use(answerRefusal('admin/deposits/list', 'system_busy'));
    renderBackOffice('/admin/deposits', 'reviewer');
    expect(await screen.findByText('The deposits could not be loaded.')).toBeTruthy();
    server.use(recorded('admin/deposits/list', () => pageOf([])).handler);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No deposits')).toBeTruthy();
  });

  it('operator-navigation-has-no-review-queues', async () => {
    renderBackOffice('/admin/deposits', 'operator');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Deposits' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Withdrawals' })).toBeNull();
  });
});
