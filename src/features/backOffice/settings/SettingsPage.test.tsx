// Proves configuration: every setting shows its translated description, current value and
// default; a rupee amount, a time window and an on/off switch are edited with their own inputs, checked with
// the contract's schema before sending (with a reason); a refusal is shown translated; and
// only admins see the section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './SettingsPage.tsx';

const setting = (name: string, group: 'deposit' | 'withdrawal' | 'trade' | 'promotion', value: unknown, defaultValue: unknown) => ({
  name,
  group,
  description: 'server text',
  value: value as never,
  default_value: defaultValue as never,
  overridden: JSON.stringify(value) !== JSON.stringify(defaultValue),
  updated_at: null,
});
const settings = [
  setting('deposit.minimum', 'deposit', '5000.00', '5000.00'),
  setting('withdrawal.window', 'withdrawal', { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' }, { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' }),
  setting('withdrawal.four_eyes_above', 'withdrawal', '250000.00', '200000.00'),
  setting('trade.service_fee_bps', 'trade', 3, 3),
  setting('promotion.fee_rebate_enabled', 'promotion', true, true),
];

async function openEditor(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return screen.findByRole('dialog', { name: `Change "${title}"` });
}

describe('configuration', () => {
  it('lists-each-setting-with-description-value-and-default', async () => {
    server.use(recorded('admin/settings/list', () => settings).handler);
    renderBackOffice('/admin/settings', 'admin');
    expect(await screen.findByText('Smallest deposit a user may report, in rupees.')).toBeTruthy();
    expect(screen.getByTestId('value-deposit.minimum').textContent).toBe('₹5,000.00 ');
    expect(screen.getByTestId('value-withdrawal.window').textContent).toBe('Mon, Tue, Wed, Thu, Fri 09:30–15:30 ');
    const fourEyes = screen.getByTestId('value-withdrawal.four_eyes_above').closest('tr')!;
    expect(fourEyes.textContent).toContain('Changed');
    expect(fourEyes.textContent).toContain('₹2,00,000.00');
  });

  it('rupee-amount-is-validated-then-sent-as-two-decimals-with-a-reason', async () => {
    const update = recorded('admin/settings/update', (body) => ({ ...settings[0]!, value: body.value as never }));
    server.use(recorded('admin/settings/list', () => settings).handler, update.handler);
    renderBackOffice('/admin/settings', 'admin');
    const dialog = await openEditor('Minimum deposit');
    const amount = within(dialog).getByLabelText('Amount in rupees (₹)');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Smaller first deposits' } });
    fireEvent.change(amount, { target: { value: '0' } });
    expect(within(dialog).getByTestId('value-problem')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save setting' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '2500.5' } });
    expect(within(dialog).getByTestId('new-value').textContent).toBe('New value: ₹2,500.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save setting' }));
    expect(await screen.findByText('Setting saved')).toBeTruthy();
    expect(update.bodies).toEqual([{ name: 'deposit.minimum', value: '2500.50', reason: 'Smaller first deposits' }]);
  });

  it('time-window-is-edited-with-weekday-boxes-and-times', async () => {
    const update = recorded('admin/settings/update', (body) => ({ ...settings[1]!, value: body.value as never }));
    server.use(recorded('admin/settings/list', () => settings).handler, update.handler);
    renderBackOffice('/admin/settings', 'admin');
    const dialog = await openEditor('Withdrawal hours');
    fireEvent.click(within(dialog).getByLabelText('Friday'));
    fireEvent.click(within(dialog).getByLabelText('Saturday'));
    fireEvent.change(within(dialog).getByLabelText('To (IST)'), { target: { value: '08:00' } });
    expect(within(dialog).getByTestId('value-problem')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('To (IST)'), { target: { value: '17:00' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Saturday desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(update.bodies).toEqual([{ name: 'withdrawal.window', value: { days: [1, 2, 3, 4, 6], from: '09:30', to: '17:00' }, reason: 'Saturday desk' }]));
  });

  it('a-trading-fee-is-edited-as-whole-basis-points-within-the-bounds-of-its-row', async () => {
    const update = recorded('admin/settings/update', (body) => ({ ...settings[3]!, value: body.value as never }));
    server.use(recorded('admin/settings/list', () => settings).handler, update.handler);
    renderBackOffice('/admin/settings', 'admin');
    expect((await screen.findByTestId('value-trade.service_fee_bps')).textContent).toBe('3 bp ');
    const dialog = await openEditor('Service fee');
    const value = within(dialog).getByLabelText('Value');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Tariff review' } });
    // 1,001 bp is above the 10 % the row allows.
    fireEvent.change(value, { target: { value: '1001' } });
    expect(within(dialog).getByTestId('value-problem')).toBeTruthy();
    fireEvent.change(value, { target: { value: '4' } });
    expect(within(dialog).getByTestId('new-value').textContent).toBe('New value: 4 bp');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(update.bodies).toEqual([{ name: 'trade.service_fee_bps', value: 4, reason: 'Tariff review' }]));
  });

  it('a-switch-is-turned-off-with-its-box-and-reads-on-or-off', async () => {
    const update = recorded('admin/settings/update', (body) => ({ ...settings[4]!, value: body.value as never }));
    server.use(recorded('admin/settings/list', () => settings).handler, update.handler);
    renderBackOffice('/admin/settings', 'admin');
    expect((await screen.findByTestId('value-promotion.fee_rebate_enabled')).textContent).toBe('On ');
    const dialog = await openEditor('Fee rebate for new accounts');
    expect((within(dialog).getByRole('button', { name: 'Save setting' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('On'));
    expect(within(dialog).getByTestId('new-value').textContent).toBe('New value: Off');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Budget spent' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save setting' }));
    await waitFor(() => expect(update.bodies).toEqual([{ name: 'promotion.fee_rebate_enabled', value: false, reason: 'Budget spent' }]));
  });

  it('refusal-is-shown-translated', async () => {
    server.use(recorded('admin/settings/list', () => settings).handler, answerRefusal('admin/settings/update', 'setting_value_invalid'));
    renderBackOffice('/admin/settings', 'admin');
    const dialog = await openEditor('Minimum deposit');
    fireEvent.change(within(dialog).getByLabelText('Amount in rupees (₹)'), { target: { value: '6000' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save setting' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This value is not valid for this setting.');
  });

  it('operator-does-not-see-configuration', async () => {
    renderBackOffice('/admin/settings', 'operator');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Configuration' })).toBeNull();
  });
});
