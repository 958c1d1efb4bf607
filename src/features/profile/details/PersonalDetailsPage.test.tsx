// Proves personal details show the masked mobile, member-since date, institution, VIP and KYC
// status, the stored avatar (or the initials of the verified name without one), leave KYC out
// on a server without it, upload and set a new avatar, and show a refusal in words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { PersonalDetailsPage } from './PersonalDetailsPage.tsx';

const userInfo: ResponseOf<'user/info'> = {
  user_id: '1',
  account: '9000000001',
  state: 'trade_barred',
  restrictions: { frozen: false, login_banned: false, trade_barred: true, withdraw_barred: false },
  institution: 'Ledgerline Demo',
  created_at: '2026-01-05T20:00:00.000Z',
  vip: true,
  balances: { cash: '0.00', available: '0.00', frozen: '0.00', total_assets: '0.00', invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00' },
  balances_by_currency: [{ currency: 'INR', cash: '0.00', available: '0.00', frozen: '0.00', invested: '0.00', market_value: '0.00', total_assets: '0.00' }],
  avatar_upload_id: null,
};
const kyc: ResponseOf<'user/kyc'> = {
  status: 'verified',
  name: 'Priya Raman',
  id_type: 'pan',
  id_number_masked: '••••••234F',
  reason: null,
  submitted_at: '2026-01-06T00:00:00.000Z',
  reviewed_at: '2026-01-07T00:00:00.000Z',
};
const avatarFile = (id: string) => http.get(`*/api/vue/upload/file/${id}`, () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }));
const photo = () => new File([new Uint8Array([255, 216, 255, 224])], 'me.jpg', { type: 'image/jpeg' });

describe('PersonalDetailsPage', () => {
  it('shows-the-account-details-with-the-mobile-masked', async () => {
    server.use(answerOk('user/info', userInfo), answerOk('user/kyc', kyc));
    renderPage(PersonalDetailsPage, '/information/userInfo');
    expect((await screen.findByTestId('detail-mobile')).textContent).toBe('+91 90••••0001');
    // 20:00 UTC on 5 January is 6 January in India.
    expect(screen.getByTestId('detail-member-since').textContent).toBe('6 Jan 2026');
    expect(screen.getByTestId('detail-institution').textContent).toBe('Ledgerline Demo');
    expect(screen.getByTestId('detail-vip').textContent).toBe('VIP');
    expect((await screen.findByTestId('detail-kyc')).textContent).toBe('Verified');
    expect(screen.getByTestId('detail-status').textContent).toBe('Trading barred');
    // No photo yet: the initials of the verified name.
    expect(screen.getByTestId('avatar').textContent).toBe('PR');
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy();
  });

  it('shows-the-stored-avatar', async () => {
    server.use(answerOk('user/info', { ...userInfo, avatar_upload_id: '55' }), answerOk('user/kyc', kyc), avatarFile('55'));
    renderPage(PersonalDetailsPage, '/information/mine_detail');
    const image = (await screen.findByRole('img', { name: 'Profile photo' })) as HTMLImageElement;
    expect(image.src).toMatch(/^blob:/);
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeTruthy();
  });

  it('without-kyc-on-the-server-the-row-is-left-out', async () => {
    server.use(answerOk('user/info', userInfo), http.post('*/api/vue/user/kyc', () => HttpResponse.json({ status: 0, msg: 'not_found', data: null }, { status: 404 })));
    renderPage(PersonalDetailsPage, '/information/userInfo');
    expect(await screen.findByTestId('detail-mobile')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('detail-kyc')).toBeNull());
    expect(screen.queryByRole('status')?.textContent ?? '').toBe('');
  });

  it('uploads-a-photo-and-makes-it-the-avatar', async () => {
    const setAvatar = recording('user/setAvatar', (body) => ({ avatar_upload_id: body.upload_id }));
    server.use(
      answerOk('user/info', userInfo),
      answerOk('user/kyc', kyc),
      http.post('*/api/vue/upload/image', () => HttpResponse.json({ status: 1, msg: 'ok', data: { upload_id: '77' } })),
      setAvatar.handler,
      avatarFile('77'),
    );
    renderPage(PersonalDetailsPage, '/information/userInfo');
    fireEvent.change(await screen.findByTestId('avatar-file'), { target: { files: [photo()] } });
    expect(await screen.findByText('Profile photo updated.')).toBeTruthy();
    expect(setAvatar.bodies).toEqual([{ upload_id: '77' }]);
    expect(await screen.findByRole('img', { name: 'Profile photo' })).toBeTruthy();
  });

  it('a-refused-upload-is-shown-in-words-and-no-avatar-is-set', async () => {
    const setAvatar = recording('user/setAvatar', (body) => ({ avatar_upload_id: body.upload_id }));
    server.use(
      answerOk('user/info', userInfo),
      answerOk('user/kyc', kyc),
      http.post('*/api/vue/upload/image', () => HttpResponse.json({ status: 0, msg: 'upload_not_an_image', data: null })),
      setAvatar.handler,
    );
    renderPage(PersonalDetailsPage, '/information/userInfo');
    fireEvent.change(await screen.findByTestId('avatar-file'), { target: { files: [photo()] } });
    expect(await screen.findByText('This file is not a JPEG, PNG or WebP image, or it is damaged.')).toBeTruthy();
    expect(setAvatar.bodies).toEqual([]);
  });

  it('a-refused-avatar-is-shown-in-words', async () => {
    server.use(
      answerOk('user/info', userInfo),
      answerOk('user/kyc', kyc),
      http.post('*/api/vue/upload/image', () => HttpResponse.json({ status: 1, msg: 'ok', data: { upload_id: '78' } })),
      answerRefusal('user/setAvatar', 'avatar_upload_not_found'),
    );
    renderPage(PersonalDetailsPage, '/information/userInfo');
    fireEvent.change(await screen.findByTestId('avatar-file'), { target: { files: [photo()] } });
    expect(await screen.findByText('This picture could not be found. Please upload it again.')).toBeTruthy();
    expect(screen.getByTestId('avatar').textContent).toBe('PR');
  });
});
