// Proves the placement screens: the offer with its ratio, discount and the caller's entitlement;
// the form starts at what is left of the entitlement, holds price × shares, sends one key per
// intent once and shows the amount held; a holder without entitlement sees why and no form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlacementApplication, PlacementOffer } from '../../../contract/placement.ts';
import { refusing, userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { PlacementApplyPage } from './PlacementApplyPage.tsx';
import { PlacementListPage } from './PlacementListPage.tsx';

const offerOf = (changes: Partial<PlacementOffer> = {}): PlacementOffer => ({
  id: '3', kind: 'rights', code: 'TCS', name: 'Tata Consultancy Services', currency: 'INR', price: '3000.00', market_price: '3500.00',
  ratio_new: 1, ratio_held: 5, lot: 1, minimum_quantity: 10, record_date: '2026-11-24', open_at: '2026-11-25T04:00:00.000Z', close_at: '2026-11-28T10:00:00.000Z',
  state: 'open', withdrawn_reason: null, demo: false, shares_held: 500, entitlement: 100, applied_entitled: 40, applied_additional: 0, ...changes,
});

const applicationOf = (changes: Partial<PlacementApplication> = {}): PlacementApplication => ({
  id: '11', placement_id: '3', kind: 'rights', code: 'TCS', currency: 'INR', price: '3000.00', entitled_quantity: 60, additional_quantity: 0,
  amount_held: '180000.00', state: 'pending', quantity_allotted: 0, amount_paid: '0.00', amount_released: '0.00',
  created_at: '2026-11-25T05:00:00.000Z', updated_at: '2026-11-25T05:00:00.000Z', ...changes,
});

describe('placement screens', () => {
  it('lists-an-offer-with-ratio-discount-and-entitlement', async () => {
    server.use(answerOk('placement/list', [offerOf()]));
    renderPage(PlacementListPage, '/home/newStockps');
    const card = await screen.findByTestId('placement-card');
    expect(within(card).getByTestId('placement-ratio').textContent).toBe('1 new for every 5 held');
    expect(within(card).getByTestId('placement-discount').textContent).toBe('14.28% below the market price');
    expect(within(card).getByTestId('placement-entitlement').textContent).toBe('100 shares');
    expect(within(card).getByTestId('placement-price').textContent).toBe('₹3,000.00');
  });

  it('applies-for-the-rest-of-the-entitlement-once-and-shows-the-amount-held', async () => {
    const apply = recording('placement/apply', (body) => applicationOf({ entitled_quantity: body.quantity, additional_quantity: body.additional ?? 0, amount_held: '183000.00' }));
    server.use(answerOk('placement/list', [offerOf()]), answerOk('user/info', userInfoOf()), apply.handler);
    renderPage(PlacementApplyPage, '/home/newStockPsBuy?placement_id=3');
    expect((await screen.findByTestId('placement-quantity')).textContent).toBe('60 shares');
    expect(screen.getByTestId('placement-hold').textContent).toBe('₹1,80,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Additional shares: more' }));
    expect(screen.getByTestId('placement-hold').textContent).toBe('₹1,83,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-hold').textContent).toBe('₹1,83,000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apply.bodies).toHaveLength(1));
    expect(apply.bodies[0]).toMatchObject({ placement_id: '3', quantity: 60, additional: 1 });
    expect(apply.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect((await screen.findByTestId('placement-applied')).textContent).toContain('₹1,83,000.00 held until the allotment.');
  });

  it('translates-a-refusal-and-returns-to-the-form', async () => {
    const apply = refusing('placement/apply', 'placement_above_entitlement:20');
    server.use(answerOk('placement/list', [offerOf()]), answerOk('user/info', userInfoOf()), apply.handler);
    renderPage(PlacementApplyPage, '/home/newStockPsBuy?placement_id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apply.bodies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The quantity is above your entitlement: you can apply for at most 20 more shares.')).toBeTruthy();
  });

  it('without-an-entitlement-there-is-no-form', async () => {
    server.use(answerOk('placement/list', [offerOf({ shares_held: 0, entitlement: 0, applied_entitled: 0 })]), answerOk('user/info', userInfoOf()));
    renderPage(PlacementApplyPage, '/home/newStockPsBuy?placement_id=3');
    expect(await screen.findByTestId('placement-not-entitled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
