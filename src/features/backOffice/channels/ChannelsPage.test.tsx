// Proves deposit channels: anyone may view them; an operator adds one through the editor,
// which checks the contract's rules (IFSC) before sending; a reviewer gets no edit controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRefusal, server } from '../../../test/mswServer.ts';
import { recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './ChannelsPage.tsx';

const channel = {
  id: '7',
  name: 'HDFC collection',
  bank_name: 'HDFC Bank',
  account_name: 'Ledgerline Collections',
  account_no: '50200012345678',
  ifsc: 'HDFC0000001',
  branch: 'Lower Parel',
  upi_id: null,
  note: '',
  active: true,
};

function fill(dialog: HTMLElement, label: string, value: string) {
  const input = within(dialog).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('deposit channels', () => {
  it('operator-adds-a-channel-checked-before-sending', async () => {
    const save = recorded('admin/channels/save', (body) => ({ ...channel, id: '8', name: String(body.name) }));
    server.use(recorded('admin/channels/list', () => [channel]).handler, save.handler);
    renderBackOffice('/admin/channels', 'operator');
    expect(await screen.findByText('HDFC collection')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New channel…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deposit channel' });
    fill(dialog, 'Channel name (shown to users)', 'SBI collection');
    fill(dialog, 'Bank name', 'State Bank of India');
    fill(dialog, 'Account name', 'Ledgerline Collections');
    fill(dialog, 'Account number', '12345678901');
    fill(dialog, 'Branch', 'Fort');
    fill(dialog, 'IFSC', 'SBIN01');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Second collection bank' } });
    expect(within(dialog).getByText('Enter a valid IFSC code, e.g. SBIN0001234.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save channel' }) as HTMLButtonElement).disabled).toBe(true);
    fill(dialog, 'IFSC', 'sbin0001234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    expect(await screen.findByText('Channel saved')).toBeTruthy();
    expect(save.bodies).toEqual([
      {
        name: 'SBI collection',
        bank_name: 'State Bank of India',
        account_name: 'Ledgerline Collections',
        account_no: '12345678901',
        ifsc: 'SBIN0001234',
        branch: 'Fort',
        upi_id: null,
        note: '',
        active: true,
        reason: 'Second collection bank',
      },
    ]);
  });

  it('editing-sends-the-channel-id-and-a-refusal-is-shown-translated', async () => {
    server.use(recorded('admin/channels/list', () => [channel]).handler, answerRefusal('admin/channels/save', 'channel_not_found'));
    renderBackOffice('/admin/channels', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit channel HDFC collection' });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Rename' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This deposit channel is not available.');
  });

  it('reviewer-sees-channels-without-edit-controls', async () => {
    server.use(recorded('admin/channels/list', () => [channel]).handler);
    renderBackOffice('/admin/channels', 'reviewer');
    expect(await screen.findByText('HDFC collection')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New channel…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit…' })).toBeNull();
  });

  it('no-channels-says-users-cannot-deposit', async () => {
    server.use(recorded('admin/channels/list', () => []).handler);
    renderBackOffice('/admin/channels', 'operator');
    await waitFor(() => expect(screen.getByText('No deposit channels')).toBeTruthy());
  });
});
