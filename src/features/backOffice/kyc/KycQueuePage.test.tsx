// Proves the KYC queue: a reviewer opens a submission, sees the full ID number and both
// photos fetched with the staff session, and approves with a reason; a refusal is shown
// translated inside the dialog; an operator (not a reviewer) never sees the section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice, servingUploads } from '../testing/backOfficeFixtures.ts';
import { kycRow } from '../testing/rows.ts';
import './KycQueuePage.tsx';

async function confirmWithReason(reason: string, confirm: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

describe('KYC queue', () => {
  it('reviewer-opens-a-submission-sees-both-photos-and-approves-with-a-reason', async () => {
    const uploads = servingUploads();
    const list = recorded('admin/kyc/list', () => pageOf([kycRow()], 1));
    const review = recorded('admin/kyc/review', () => kycRow({ status: 'verified', reviewer: 'Riya Reviewer' }));
    server.use(list.handler, review.handler, uploads.handler);
    renderBackOffice('/admin/kyc', 'reviewer');

    fireEvent.click(await screen.findByText('Priya Sharma'));
    expect((await screen.findByTestId('id-number')).textContent).toBe('ABCDE1234F');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /ID (front|back)/ })).toHaveLength(2));
    expect(uploads.requests).toEqual(expect.arrayContaining([{ id: '901', account: 'reviewer' }, { id: '902', account: 'reviewer' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    await confirmWithReason('Photos match the PAN', 'Approve');
    expect(await screen.findByText('KYC approved')).toBeTruthy();
    expect(review.bodies).toEqual([{ id: '11', decision: 'approve', reason: 'Photos match the PAN' }]);
    expect(review.accounts).toEqual(['reviewer']);
    expect(list.bodies[0]).toEqual({ page: 1, status: 'under_review' });
  });

  it('status-filter-and-page-numbers-ask-the-server-for-that-page', async () => {
    const list = recorded('admin/kyc/list', (body) => pageOf([kycRow({ id: String(body.page) })], 23, body.page));
    server.use(list.handler);
    renderBackOffice('/admin/kyc', 'admin');
    expect(await screen.findByText('Page 1 of 3 · 23 in all')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(list.bodies.at(-1)).toEqual({ page: 3, status: 'failed' }));
  });

  it('refusal-is-shown-translated-in-the-dialog', async () => {
    server.use(recorded('admin/kyc/list', () => pageOf([kycRow()])).handler, servingUploads().handler, answerRefusal('admin/kyc/review', 'review_not_pending'));
    renderBackOffice('/admin/kyc', 'reviewer');
    fireEvent.click(await screen.findByText('Priya Sharma'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    await confirmWithReason('Blurred photo', 'Reject');
    expect((await screen.findByRole('alert')).textContent).toBe('This request has already been reviewed.');
  });

  it('empty-queue-says-so', async () => {
    server.use(recorded('admin/kyc/list', () => pageOf([])).handler);
    renderBackOffice('/admin/kyc', 'reviewer');
    expect(await screen.findByText('No KYC submissions')).toBeTruthy();
  });

  it('operator-does-not-see-the-section-nor-open-it-by-address', async () => {
    renderBackOffice('/admin/kyc', 'operator');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'KYC reviews' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeTruthy();
  });
});
