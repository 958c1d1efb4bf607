// Proves the withdrawals queue keeps the four-eyes rule in view: a large withdrawal says it
// needs a second approver, the first approval pays nothing and asks no bank reference, the
// same reviewer cannot give the second approval (button disabled, reason shown), and a
// different reviewer's approval pays out with the payout's bank reference.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import { withdrawalRow } from '../testing/rows.ts';
import { approvalStep } from './approvalStep.ts';
import './WithdrawalsQueuePage.tsx';

const firstApproved = withdrawalRow({ status: 'first_approved', first_approver: 'Riya Reviewer' });

async function openTheOnlyRow() {
  fireEvent.click((await screen.findAllByTestId('row'))[0]!);
  return screen.findByRole('region', { name: 'Withdrawal' });
}

describe('withdrawals queue', () => {
  it('large-withdrawal-shows-it-needs-a-second-approver-and-the-first-approval-asks-no-reference', async () => {
    const review = recorded('admin/withdrawals/review', () => withdrawalRow({ status: 'first_approved', first_approver: 'Riya Reviewer' }));
    server.use(recorded('admin/withdrawals/list', () => pageOf([withdrawalRow()])).handler, review.handler);
    renderBackOffice('/admin/withdrawals', 'reviewer');
    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(row.textContent).toContain('₹3,50,000.00');
    expect(row.textContent).toContain('State Bank of India · •••• 4821 · SBIN0001234');
    expect(within(row).getByTestId('four-eyes').textContent).toBe('Needs a second approver');

    const panel = await openTheOnlyRow();
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Bank reference of the payout')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Card and KYC name match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give first approval' }));
    expect(await screen.findByText('First approval recorded')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '31', decision: 'approve', reason: 'Card and KYC name match' }]);
  });

  it('four-eyes-the-first-approver-cannot-give-the-second-approval', async () => {
    server.use(recorded('admin/withdrawals/list', () => pageOf([firstApproved])).handler);
    renderBackOffice('/admin/withdrawals', 'reviewer');
    const panel = await openTheOnlyRow();
    expect(within(panel).getByText('First approval: Riya Reviewer')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Approve…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByTestId('approve-blocked').textContent).toBe(
      'You gave the first approval. A different reviewer must give the second (four-eyes rule).',
    );
    // Rejecting stays possible.
    expect((within(panel).getByRole('button', { name: 'Reject…' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a-second-reviewer-approves-and-pays-out-with-the-bank-reference', async () => {
    const review = recorded('admin/withdrawals/review', () => withdrawalRow({ status: 'paid', bank_reference: 'SBIN-PAYOUT-77' }));
    server.use(recorded('admin/withdrawals/list', () => pageOf([firstApproved])).handler, review.handler);
    renderBackOffice('/admin/withdrawals', 'reviewer2');
    const panel = await openTheOnlyRow();
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Second check done' } });
    const confirm = within(dialog).getByRole('button', { name: 'Approve and pay' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Bank reference of the payout'), { target: { value: ' SBIN-PAYOUT-77 ' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Withdrawal paid')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '31', decision: 'approve', reason: 'Second check done', bank_reference: 'SBIN-PAYOUT-77' }]);
    expect(review.accounts).toEqual(['reviewer2']);
  });

  it('the-servers-four-eyes-refusal-is-shown-translated', async () => {
    // The page cannot always tell (e.g. a display name changed); the server has the last word.
    server.use(
      recorded('admin/withdrawals/list', () => pageOf([withdrawalRow({ status: 'first_approved', first_approver: 'someone-else' })])).handler,
      answerRefusal('admin/withdrawals/review', 'second_approver_must_differ'),
    );
    renderBackOffice('/admin/withdrawals', 'reviewer');
    const panel = await openTheOnlyRow();
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'ok' } });
    fireEvent.change(within(dialog).getByLabelText('Bank reference of the payout'), { target: { value: 'REF1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A second staff member must approve this withdrawal.');
  });

  it('approval-step-follows-status-amount-and-first-approver', () => {
    const me = { login: 'reviewer', name: 'Riya Reviewer' };
    expect(approvalStep(withdrawalRow({ needs_second_approver: false }), me)).toBe('single');
    expect(approvalStep(withdrawalRow(), me)).toBe('first');
    expect(approvalStep(firstApproved, me)).toBe('same_approver');
    expect(approvalStep(withdrawalRow({ status: 'first_approved', first_approver: 'reviewer' }), me)).toBe('same_approver');
    expect(approvalStep(firstApproved, { login: 'reviewer2', name: 'Ravi Reviewer' })).toBe('second');
    expect(approvalStep(withdrawalRow({ status: 'paid' }), me)).toBe('closed');
  });
});
