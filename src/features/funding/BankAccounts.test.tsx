// Proves the bank account screens: the list shows masked numbers and deletes only after a
// confirmation; the empty list leads to the form; the form prefills the verified KYC name,
// catches a mistyped account number and a malformed IFSC before sending, and a refusal
// that needs KYC shows the button that goes to the KYC page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../contract/api.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { AddBankCardPage } from './AddBankCardPage.tsx';
import { BankListPage } from './BankListPage.tsx';
import { cardOf, refusing } from './testing/fundingFixtures.ts';

const verifiedKyc: ResponseOf<'user/kyc'> = { status: 'verified', name: 'Asha Verma', id_type: 'pan', id_number_masked: '••••••234F', reason: null, submitted_at: null, reviewed_at: null };
const field = (name: string) => document.querySelector(`input[name=${name}]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('bank accounts', () => {
  it('the-list-shows-masked-cards-and-deletes-one-after-confirmation', async () => {
    const remove = recording('user/deleteBankCard', () => [cardOf({ id: '12', bank_name: 'SBI', account_no_masked: '•••• 9001', ifsc: 'SBIN0001234' })]);
    server.use(answerOk('user/bankList', [cardOf(), cardOf({ id: '12', bank_name: 'SBI', account_no_masked: '•••• 9001', ifsc: 'SBIN0001234' })]), remove.handler);
    renderPage(BankListPage, '/information/bankList');
    await waitFor(() => expect(screen.getAllByTestId('bank-card')).toHaveLength(2));
    expect(screen.getAllByTestId('bank-card')[0]!.textContent).toContain('•••• 4821');
    expect(screen.getAllByTestId('bank-card')[0]!.textContent).toContain('HDFC0001234');

    fireEvent.click(screen.getByRole('button', { name: 'Delete HDFC Bank •••• 4821' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('•••• 4821');
    expect(remove.bodies).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('bank-card')).toHaveLength(1));
    expect(remove.bodies).toEqual([{ id: '11' }]);
    expect(await screen.findByText('Bank account deleted')).toBeTruthy();
  });

  it('no-cards-offers-to-add-one', async () => {
    server.use(answerOk('user/bankList', []));
    renderPage(BankListPage, '/information/bankList');
    expect(await screen.findByText('No bank account yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add bank account' })[0]!.getAttribute('href')).toContain('/information/addBankCard');
  });

  it('the-form-prefills-the-kyc-name-checks-fields-and-sends-the-card', async () => {
    const add = recording('user/addBankCard', () => cardOf());
    server.use(answerOk('user/kyc', verifiedKyc), add.handler);
    renderPage(AddBankCardPage, '/information/addBankCard');
    await waitFor(() => expect(field('holder_name').value).toBe('Asha Verma'));
    expect(screen.getByText('Must match your verified KYC name: Asha Verma')).toBeTruthy();

    type('ifsc', 'hdfc1001234');
    expect(field('ifsc').value).toBe('HDFC1001234');
    expect(screen.getByTestId('ifsc-error').textContent).toContain('4 letters, 0');
    type('ifsc', 'HDFC0001234');
    expect(screen.queryByTestId('ifsc-error')).toBeNull();

    type('account_no', '50100012345678');
    type('account_no2', '50100012345687');
    type('bank_name', 'HDFC Bank');
    type('branch', 'Andheri East');
    type('bank_code', 'HDFC');
    fireEvent.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(screen.getByTestId('account_no2-error').textContent).toBe('The account numbers do not match.');
    expect(add.bodies).toEqual([]);

    type('account_no2', '50100012345678');
    fireEvent.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/information/bankList');
    expect(add.bodies).toEqual([{ holder_name: 'Asha Verma', account_no: '50100012345678', bank_name: 'HDFC Bank', branch: 'Andheri East', bank_code: 'HDFC', ifsc: 'HDFC0001234' }]);
  });

  it('a-user-without-kyc-is-sent-to-verify-first', async () => {
    server.use(answerOk('user/kyc', { ...verifiedKyc, status: 'not_verified', name: null }));
    renderPage(AddBankCardPage, '/information/addBankCard');
    const notice = await screen.findByTestId('fix-notice');
    expect(notice.textContent).toContain('Complete KYC first.');
    expect(within(notice).getByRole('link', { name: 'Verify identity (KYC)' }).getAttribute('href')).toContain('/information/authInfo');
    expect((screen.getByRole('button', { name: 'Add bank account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a-name-mismatch-refusal-is-toasted-and-explained', async () => {
    const add = refusing('user/addBankCard', 'card_not_holders_own');
    server.use(answerOk('user/kyc', verifiedKyc), add.handler);
    renderPage(AddBankCardPage, '/information/addBankCard');
    await waitFor(() => expect(field('holder_name').value).toBe('Asha Verma'));
    type('holder_name', 'Ravi Verma');
    for (const [name, value] of [['account_no', '123456789'], ['account_no2', '123456789'], ['bank_name', 'SBI'], ['branch', 'Fort'], ['bank_code', 'SBI'], ['ifsc', 'SBIN0001234']] as const) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(await screen.findByText('The account holder must be you: the name must match your verified ID.')).toBeTruthy();
    expect((await screen.findByTestId('fix-notice')).textContent).toContain('named exactly as on your verified ID');
    expect(add.bodies).toHaveLength(1);
    expect(add.bodies[0]!.holder_name).toBe('Ravi Verma');
  });
});
