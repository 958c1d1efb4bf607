// Proves the margin-loan queue keeps the four-eyes rule in view: a large request says it needs
// a second approver and its first approval is labelled as lending nothing; the first approver
// cannot give the second approval; a different reviewer grants it; a rejection sends the reason.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPledgeRow } from '../../../../contract/pledge.ts';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import { pledgeApprovalStep } from './PledgesQueuePage.tsx';
import './PledgesQueuePage.tsx';

const pledgeRow = (changes: Partial<AdminPledgeRow> = {}): AdminPledgeRow => ({
  id: '41', status: 'in_progress', amount: '1500000.00', limit_at_request: '1750000.00', value: '3500000.00', limit: '1750000.00',
  loan_id: null, outstanding: '0.00', ltv_bps: null, reviews_needed: 2, review_reason: null,
  positions: [{ order_no: '9001', code: 'TCS', quantity: '1000', haircut_bps: 5000, price: '3500.00', value: '3500000.00', limit: '1750000.00', state: 'pledged' }],
  created_at: '2026-11-25T05:00:00.000Z', completed_at: null,
  user_id: '7', account: '9876543210', needs_second_approver: true, first_approver: null, reviewer: null, reviewed_at: null,
  ...changes,
});

async function openTheOnlyRow() {
  fireEvent.click((await screen.findAllByTestId('row'))[0]!);
  return screen.findByRole('region', { name: 'Margin loan' });
}

describe('margin-loan queue', () => {
  it('a-large-request-needs-a-second-approver-and-the-first-approval-lends-nothing', async () => {
    const review = recorded('admin/pledges/review', () => pledgeRow({ first_approver: 'Riya Reviewer' }));
    server.use(recorded('admin/pledges/list', () => pageOf([pledgeRow()])).handler, review.handler);
    renderBackOffice('/admin/pledges', 'reviewer');
    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(row.textContent).toContain('₹15,00,000.00');
    expect(within(row).getByTestId('four-eyes').textContent).toBe('Needs a second approver');
    const panel = await openTheOnlyRow();
    expect(within(panel).getByTestId('pledged-positions').textContent).toContain('TCS × 1000');
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('nothing is lent yet');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Holding checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give first approval' }));
    expect(await screen.findByText('First approval recorded')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '41', decision: 'approve', reason: 'Holding checked' }]);
  });

  it('the-first-approver-cannot-give-the-second-approval-and-another-reviewer-can', async () => {
    server.use(recorded('admin/pledges/list', () => pageOf([pledgeRow({ first_approver: 'Riya Reviewer' })])).handler);
    renderBackOffice('/admin/pledges', 'reviewer');
    const panel = await openTheOnlyRow();
    expect((within(panel).getByRole('button', { name: 'Approve…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(panel).getByRole('button', { name: 'Reject…' }) as HTMLButtonElement).disabled).toBe(false);
    const me = { login: 'reviewer2', name: 'Ravi Reviewer' };
    expect(pledgeApprovalStep(pledgeRow({ first_approver: 'Riya Reviewer' }), me)).toBe('second');
    expect(pledgeApprovalStep(pledgeRow({ needs_second_approver: false, reviews_needed: 1 }), me)).toBe('single');
    expect(pledgeApprovalStep(pledgeRow({ status: 'successful' }), me)).toBe('closed');
  });

  it('a-rejection-sends-the-reason', async () => {
    const review = recorded('admin/pledges/review', () => pledgeRow({ status: 'failed', review_reason: 'Concentrated' }));
    server.use(recorded('admin/pledges/list', () => pageOf([pledgeRow({ needs_second_approver: false, reviews_needed: 1 })])).handler, review.handler);
    renderBackOffice('/admin/pledges', 'reviewer');
    const panel = await openTheOnlyRow();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Concentrated' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Margin loan rejected')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '41', decision: 'reject', reason: 'Concentrated' }]);
  });
});
