// Proves the wallet screen: a saved address is shown with a 256×256, level-H QR code and a
// copy button; a new address is checked against its network's format before it is sent
// and saved only after a confirmation; and a server refusal is shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { refusing } from './testing/fundingFixtures.ts';
import { WalletAddressPage } from './WalletAddressPage.tsx';

const qrCodes = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('qr-code-styling', () => ({
  default: class FakeQrCode {
    constructor(options: unknown) {
      qrCodes.options.push(options);
    }
    append(container: HTMLElement) {
      container.appendChild(document.createElement('svg'));
    }
  },
}));

const trc20 = 'TQ5NwZ1YpKjS4m3CJg7h2aVvXcR8dEfGhU';
const erc20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const saved = { type: 'USDT-TRC20' as const, address: trc20, updated_at: '2026-11-22T10:00:00.000Z' };
const address = () => document.querySelector('input[name=address]') as HTMLInputElement;

beforeEach(() => {
  qrCodes.options.length = 0;
});

describe('WalletAddressPage', () => {
  it('a-saved-address-shows-its-qr-code-and-copies', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.use(answerOk('user/walletAddress', saved));
    renderPage(WalletAddressPage, '/information/usdtAddress');
    expect((await screen.findByTestId('wallet-address')).textContent).toBe(trc20);
    await waitFor(() => expect(qrCodes.options).toHaveLength(1));
    expect(qrCodes.options[0]).toMatchObject({ width: 256, height: 256, data: trc20, qrOptions: { errorCorrectionLevel: 'H' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy Wallet address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(trc20));
    expect(await screen.findByText('Wallet address copied')).toBeTruthy();
  });

  it('no-address-yet-offers-the-form-and-saves-after-confirmation', async () => {
    const save = recording('user/setWalletAddress', (body) => ({ type: body.type, address: body.address, updated_at: '2026-11-23T10:00:00.000Z' }));
    server.use(answerOk('user/walletAddress', null), save.handler);
    renderPage(WalletAddressPage, '/information/usdtAddress');
    expect(await screen.findByText('Add the USDT address where you receive funds')).toBeTruthy();
    expect(screen.queryByTestId('saved-wallet')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'USDT-ERC20' }));
    fireEvent.change(address(), { target: { value: trc20 } });
    expect(screen.getByTestId('address-error').textContent).toContain('starts with 0x');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(address(), { target: { value: ` ${erc20} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-address').textContent).toBe(erc20);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('wallet-address')).textContent).toBe(erc20);
    expect(save.bodies).toEqual([{ type: 'USDT-ERC20', address: erc20 }]);
    expect(screen.getByText('Wallet address saved')).toBeTruthy();
  });

  it('a-refused-address-is-toasted', async () => {
    const save = refusing('user/setWalletAddress', 'wallet_address_invalid');
    server.use(answerOk('user/walletAddress', null), save.handler);
    renderPage(WalletAddressPage, '/information/usdtAddress');
    await screen.findByText('Add the USDT address where you receive funds');
    fireEvent.change(address(), { target: { value: trc20 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid address for the chosen wallet type.')).toBeTruthy();
    expect(save.bodies).toHaveLength(1);
  });
});
