// Proves the KYC screens: a new user picks both photos (previewed and uploaded by purpose)
// and submits once, landing on "under review"; the ID number is checked as it is typed with
// the contract's own rules; a refusal and a too-large photo are shown as translated text with
// a way forward (Retry); a failed user reads the reviewer's reason and can submit again; and
// the status page shows the masked number.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { KycState } from '../../../contract/identity.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { recording } from '../market/testing/marketFixtures.ts';
import { KycPage, KycStatusPage } from './KycPages.tsx';

const notVerified: KycState = { status: 'not_verified', name: null, id_type: null, id_number_masked: null, reason: null, submitted_at: null, reviewed_at: null };
const underReview: KycState = {
  status: 'under_review',
  name: 'Asha Rao',
  id_type: 'pan',
  id_number_masked: '••••••234F',
  reason: null,
  submitted_at: '2026-11-20T05:30:00.000Z',
  reviewed_at: null,
};
const failed: KycState = { ...underReview, status: 'failed', reason: 'The back photo is blurred', reviewed_at: '2026-11-21T05:30:00.000Z' };

/** Answers uploads with ids by purpose; `refuseFirst` refuses the first upload with that message. */
function uploads(refuseFirst?: string) {
  const purposes: string[] = [];
  const handler = http.post('*/api/vue/upload/image', async ({ request }) => {
    const purpose = String((await request.formData()).get('purpose'));
    purposes.push(purpose);
    if (refuseFirst && purposes.length === 1) return HttpResponse.json({ status: 0, msg: refuseFirst, data: null });
    return HttpResponse.json({ status: 1, msg: 'ok', data: { upload_id: purpose === 'kyc_front' ? '11' : '12' } });
  });
  return { handler, purposes };
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'card.jpg', { type: 'image/jpeg' });
const pick = (purpose: string) => {
  const input = within(screen.getByTestId(`photo-${purpose}`)).getByLabelText(/card/i) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [photo()] } });
};
const uploaded = (purpose: string) => waitFor(() => expect(screen.getByTestId(`photo-${purpose}`).dataset.phase).toBe('done'));

describe('KYC form (/information/authInfo)', () => {
  it('a-new-user-submits-a-pan-with-both-photos-and-sees-under-review', async () => {
    const upload = uploads();
    const submit = recording('user/kycSubmit', () => underReview);
    server.use(answerOk('user/kyc', notVerified), upload.handler, submit.handler);
    renderPage(KycPage, '/information/authInfo');
    expect((await screen.findByTestId('kyc-banner')).dataset.status).toBe('not_verified');
    fireEvent.change(screen.getByLabelText('Full name as on your ID'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText('PAN number'), { target: { value: 'abcde 1234f' } });
    expect(screen.getByTestId('id-number-check').textContent).toBe('Format looks right');
    pick('kyc_front');
    pick('kyc_back');
    await uploaded('kyc_front');
    await uploaded('kyc_back');
    expect(screen.getAllByRole('img')).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Submit for verification' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect((await screen.findByTestId('kyc-banner')).dataset.status).toBe('under_review');
    expect(submit.bodies).toEqual([{ name: 'Asha Rao', id_type: 'pan', id_number: 'ABCDE1234F', front_upload_id: '11', back_upload_id: '12' }]);
    expect(upload.purposes.sort()).toEqual(['kyc_back', 'kyc_front']);
    expect(await screen.findByText('Submitted. We will let you know when your documents are checked.')).toBeTruthy();
    expect(screen.getByTestId('kyc-id-number').textContent).toBe('••••••234F');
  });

  it('an-aadhaar-number-is-checked-as-it-is-typed', async () => {
    server.use(answerOk('user/kyc', notVerified));
    renderPage(KycPage, '/information/authInfo');
    fireEvent.click(await screen.findByRole('radio', { name: 'Aadhaar' }));
    const field = screen.getByLabelText('Aadhaar number');
    // 234567890124 passes Verhoeff; changing its check digit to 5 breaks it.
    fireEvent.change(field, { target: { value: '2345 6789 0125' } });
    expect((field as HTMLInputElement).value).toBe('234567890125');
    expect(screen.getByTestId('id-number-check').textContent).toBe('This Aadhaar number does not add up: check each digit against your card.');
    fireEvent.change(field, { target: { value: '234567890124' } });
    expect(screen.getByTestId('id-number-check').textContent).toBe('Format looks right');
    fireEvent.change(field, { target: { value: '1234' } });
    expect(screen.getByTestId('id-number-check').textContent).toBe('An Aadhaar number has 12 digits and does not start with 0 or 1.');
  });

  it('a-refusal-is-shown-as-its-translated-message-and-the-form-stays', async () => {
    server.use(answerOk('user/kyc', notVerified), answerRefusal('user/kycSubmit', 'kyc_photos_required'));
    renderPage(KycPage, '/information/authInfo');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Add photos of the front and back of your ID.')).toBeTruthy();
    expect(screen.getByTestId('kyc-banner').dataset.status).toBe('not_verified');
  });

  it('a-photo-over-the-size-limit-says-the-limit-and-retries', async () => {
    const upload = uploads('upload_too_large:5');
    server.use(answerOk('user/kyc', notVerified), upload.handler);
    renderPage(KycPage, '/information/authInfo');
    await screen.findByTestId('kyc-banner');
    pick('kyc_front');
    expect(await screen.findByText('The image is larger than 5 MB. Choose a smaller photo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    await uploaded('kyc_front');
    expect(upload.purposes).toEqual(['kyc_front', 'kyc_front']);
  });

  it('a-failed-user-reads-the-reason-and-submits-again-with-the-name-filled-in', async () => {
    server.use(answerOk('user/kyc', failed));
    renderPage(KycPage, '/information/authInfo');
    expect((await screen.findByTestId('kyc-banner')).textContent).toContain('Reason: The back photo is blurred.');
    expect((screen.getByLabelText('Full name as on your ID') as HTMLInputElement).value).toBe('Asha Rao');
    expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeTruthy();
  });

  it('a-load-failure-offers-retry', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/vue/user/kyc', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ status: 1, msg: 'ok', data: underReview });
      }),
    );
    renderPage(KycPage, '/information/authInfo');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('kyc-banner')).dataset.status).toBe('under_review');
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).toBeNull();
  });
});

describe('verification status (/information/mine_valid)', () => {
  it('under-review-shows-the-masked-number-and-no-action', async () => {
    server.use(answerOk('user/kyc', underReview));
    renderPage(KycStatusPage, '/information/mine_valid');
    expect((await screen.findByTestId('kyc-banner')).dataset.status).toBe('under_review');
    expect(screen.getByTestId('kyc-id-number').textContent).toBe('••••••234F');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a-failed-verification-leads-to-submit-again', async () => {
    server.use(answerOk('user/kyc', failed));
    const { router } = renderPage(KycStatusPage, '/information/mine_valid');
    fireEvent.click(await screen.findByRole('link', { name: 'Submit again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/authInfo'));
  });
});
