// Proves the back office's VIP page: an operator grants a level with a reason (the user reads it),
// times typed in IST; a reviewer lists the allocations but gets no edit or close controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './VipAdminPage.tsx';

const row: ResponseOf<'admin/vip/allocations'>['items'][number] = {
  id: '4', code: 'RELIANCE', name: 'Reliance Industries', price: '1200.00', lot: 100, quantity_total: 20_000, quantity_left: 15_000, min_level: 1, per_user_max: 300,
  opens_at: '2026-11-25T03:45:00.000Z', closes_at: '2026-12-02T10:00:00.000Z', state: 'open', buyers: 12, closed_reason: null, created_at: '2026-11-24T10:00:00.000Z',
};
const levels = {
  level: 2, reason: 'grant', total_assets: '0.00', turnover_90d: '0.00', computed_at: '2026-11-25T05:00:00.000Z', grant: { level: 2, reason: 'Market maker', until: null, granted_at: '2026-11-25T05:00:00.000Z' },
  thresholds: [], next: null, benefits: ['analytics', 'allocations', 'fee_schedule'], fees: { service_fee_bps: 1, stamp_duty_bps: 2, selling_fee_bps: 10 },
} as const;

describe('back-office VIP', () => {
  it('operator-grants-a-level-with-a-reason-and-an-end-in-ist', async () => {
    const grant = recorded('admin/vip/grant', () => ({ ...levels, thresholds: [], benefits: [...levels.benefits] }));
    server.use(recorded('admin/vip/allocations', () => pageOf([row])).handler, grant.handler);
    renderBackOffice('/admin/vip', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Grant a VIP level…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a VIP level' });
    fireEvent.change(within(dialog).getByLabelText('User id'), { target: { value: '42' } });
    fireEvent.change(within(dialog).getByLabelText('Level (0–3)'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Until (IST, empty: until a later grant)'), { target: { value: '2026-12-31T15:30' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Market-making agreement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant level' }));
    await waitFor(() => expect(grant.bodies).toHaveLength(1));
    expect(grant.bodies[0]).toEqual({ user_id: '42', level: 2, until: '2026-12-31T15:30:00+05:30', reason: 'Market-making agreement' });
  });

  it('a-reviewer-lists-allocations-without-edit-or-close', async () => {
    server.use(recorded('admin/vip/allocations', () => pageOf([row])).handler);
    renderBackOffice('/admin/vip', 'reviewer');
    expect((await screen.findByTestId('vip-allocation-row')).textContent).toContain('RELIANCE');
    expect(screen.queryByRole('button', { name: 'Close early…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New VIP allocation…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Grant a VIP level…' })).toBeNull();
  });
});
