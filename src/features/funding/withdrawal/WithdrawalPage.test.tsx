// Proves the withdrawal screen: the withdrawable amount, minimum, window and arrival come
// first with the checklist of published rules, each unmet rule linking to its fix; a
// request is checked, confirmed with amount and destination, sent once with one key (the
// same key on a retry after a lost answer); and refusals say what to do.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../../contract/api.ts';
import { recording } from '../../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { cardOf, refusing, withdrawalOf, withdrawInfoOf } from '../testing/fundingFixtures.ts';
import { WithdrawalPage } from './WithdrawalPage.tsx';

const input = (name: string) => document.querySelector(`input[name=${name}]`) as HTMLInputElement;
const cards = [cardOf(), cardOf({ id: '12', bank_name: 'State Bank of India', account_no_masked: '•••• 9001', ifsc: 'SBIN0001234' })];

function open(info = withdrawInfoOf()) {
  server.use(answerOk('user/withdrawInfo', info), answerOk('user/bankList', cards));
  return renderPage(WithdrawalPage, '/information/withdrawal');
}

function fillAndReview(amount: string, password = '123456') {
  fireEvent.change(input('amount'), { target: { value: amount } });
  fireEvent.click(document.querySelector('input[name=card][value="12"]')!);
  fireEvent.change(input('fund_password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
}

describe('WithdrawalPage', () => {
  it('shows-the-figures-and-sends-one-confirmed-withdrawal', async () => {
    const withdraw = recording('user/withdraw', (body) => withdrawalOf({ amount: body.amount }));
    server.use(withdraw.handler);
    open();
    expect((await screen.findByTestId('withdrawable')).textContent).toBe('₹1,20,000.50');
    expect(screen.getByTestId('withdrawal-minimum').textContent).toBe('₹100.00');
    expect(screen.getByTestId('withdrawal-arrival').textContent).toBe('within 2–48 hours');
    expect(document.querySelectorAll('[data-rule][data-met=true]')).toHaveLength(6);

    fireEvent.change(input('amount'), { target: { value: '120000.51' } });
    expect(screen.getByTestId('amount-error').textContent).toBe('You can withdraw at most ₹1,20,000.50.');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(input('amount').value).toBe('120000.50');
    expect(input('fund_password').type).toBe('password');
    fillAndReview('2,500', '1234');
    expect(screen.getByTestId('fund_password-error').textContent).toBe('The fund password is 6 digits.');
    expect(screen.queryByRole('dialog')).toBeNull();
    fillAndReview('2,500');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('₹2,500.00');
    expect(within(dialog).getByTestId('confirm-destination').textContent).toBe('State Bank of India •••• 9001');
    const confirm = within(dialog).getByRole('button', { name: 'Withdraw' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/information/cashOut');
    expect(withdraw.bodies).toHaveLength(1);
    expect(withdraw.bodies[0]).toMatchObject({ amount: '2500.00', card_id: '12', fund_password: '123456' });
    expect(withdraw.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('unmet-rules-link-to-their-fix-and-block-the-request', async () => {
    open(withdrawInfoOf({}, { kyc_verified: false, fund_password_set: false, within_window: false }));
    await screen.findByTestId('withdrawable');
    const rule = (name: string) => document.querySelector(`[data-rule=${name}]`) as HTMLElement;
    expect(rule('kyc_verified').dataset.met).toBe('false');
    expect(within(rule('kyc_verified')).getByRole('link', { name: 'Verify identity (KYC)' }).getAttribute('href')).toContain('/information/authInfo');
    expect(within(rule('fund_password_set')).getByRole('link', { name: 'Set fund password' }).getAttribute('href')).toContain('/information/fundPass');
    expect(rule('within_window').textContent).toContain('Mon–Fri, 09:30–15:30 IST');
    expect(rule('card_bound').dataset.met).toBe('true');
    expect((screen.getByRole('button', { name: 'Complete the steps above to withdraw' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a-wrong-fund-password-is-toasted-and-the-field-cleared', async () => {
    const withdraw = refusing('user/withdraw', 'wrong_fund_password');
    server.use(withdraw.handler);
    open();
    await screen.findByTestId('withdrawable');
    fillAndReview('500');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Wrong fund password.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(input('fund_password').value).toBe('');
  });

  it('a-missing-fund-password-refusal-links-to-set-one', async () => {
    server.use(refusing('user/withdraw', 'fund_password_not_set').handler);
    open();
    await screen.findByTestId('withdrawable');
    fillAndReview('500');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    const notice = await screen.findByTestId('fix-notice');
    expect(within(notice).getByRole('link', { name: 'Set fund password' }).getAttribute('href')).toContain('/information/fundPass');
  });

  it('a-retry-after-a-lost-answer-reuses-the-idempotency-key', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/api/vue/user/withdraw', async ({ request }) => {
        keys.push(((await request.json()) as RequestOf<'user/withdraw'>).idempotency_key);
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json({ status: 1, msg: 'ok', data: withdrawalOf() });
      }),
    );
    open();
    await screen.findByTestId('withdrawable');
    fillAndReview('2500');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Network problem. Please check your connection and try again.')).toBeTruthy();
    const confirm = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/information/cashOut');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a-recent-card-asks-for-the-authenticator-code-and-retries-with-the-same-key', async () => {
    const bodies: RequestOf<'user/withdraw'>[] = [];
    server.use(
      http.post('*/api/vue/user/withdraw', async ({ request }) => {
        const body = (await request.json()) as RequestOf<'user/withdraw'>;
        bodies.push(body);
        if (body.mfa_code === '246810') return HttpResponse.json({ status: 1, msg: 'ok', data: withdrawalOf() });
        return HttpResponse.json({ status: 0, msg: body.mfa_code ? 'mfa_code_incorrect' : 'withdrawal_needs_mfa_code', data: null });
      }),
    );
    open();
    await screen.findByTestId('withdrawable');
    fillAndReview('2500');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    const code = () => screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '111111' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    // A wrong code keeps the sheet and the field (emptied) for another try.
    expect(await screen.findByText(/That code is not right/)).toBeTruthy();
    await waitFor(() => expect(code().value).toBe(''));
    fireEvent.change(code(), { target: { value: '246810' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/information/cashOut');
    expect(bodies).toHaveLength(3);
    expect(bodies[0]!.mfa_code).toBeUndefined();
    expect(bodies[1]!.mfa_code).toBe('111111');
    expect(bodies[2]).toMatchObject({ amount: '2500.00', card_id: '12', mfa_code: '246810', idempotency_key: bodies[0]!.idempotency_key });
    expect(bodies[1]!.idempotency_key).toBe(bodies[0]!.idempotency_key);
  });

  it('no-card-yet-links-to-add-one', async () => {
    server.use(answerOk('user/withdrawInfo', withdrawInfoOf({}, { card_bound: false })), answerOk('user/bankList', []));
    renderPage(WithdrawalPage, '/information/withdrawal');
    await screen.findByTestId('withdrawable');
    const rule = document.querySelector('[data-rule=card_bound]') as HTMLElement;
    expect(within(rule).getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toContain('/information/addBankCard');
    expect(document.querySelector('input[name=card]')).toBeNull();
  });
});
