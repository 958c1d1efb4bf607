// Bank cards and the wallet address: a card needs a verified KYC in the same name, is
// unique per account number and IFSC, leaves the server masked, and is only ever marked
// deleted (never while a withdrawal to it is in progress); a wallet address is checked by
// its network's own rule and replaced on save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardForm, fundingSnapshot, markKycVerified, newKey, openFundingWorld, testFundPassword, type FundingWorld, depositAndApprove } from './fundingTestKit.ts';

let world: FundingWorld;

beforeAll(async () => {
  world = await openFundingWorld('card');
});
afterAll(async () => {
  await world?.close();
});

const call = (...args: Parameters<FundingWorld['server']['call']>) => world.server.call(...args);

describe('adding a bank card', () => {
  it('refuses-a-card-before-kyc-is-verified-and-adds-nothing', async () => {
    const user = await world.newUser({ verified: false });
    expect((await call('user/addBankCard', cardForm('Asha Verma'), user.session)).body.msg).toBe('complete_kyc_first');
    expect((await call('user/bankList', {}, user.session)).body.data).toEqual([]);
  });

  it('accepts-the-kyc-name-in-any-case-and-spacing-and-refuses-another-name', async () => {
    const user = await world.newUser({ verified: false });
    await markKycVerified(world.db, user.userId, 'Ravi Kumar Sharma', world.reviewer.staffId);
    expect((await call('user/addBankCard', cardForm('Ravi Kumar Verma'), user.session)).body.msg).toBe('card_not_holders_own');
    const added = await call('user/addBankCard', cardForm('  RAVI   kumar sharma '), user.session);
    expect(added.body.msg).toBe('ok');
    expect(added.body.data).toMatchObject({ holder_name: 'RAVI kumar sharma', account_no_masked: '•••• 5678', ifsc: 'HDFC0000123' });
  });

  it('never-sends-the-full-account-number', async () => {
    const user = await world.newUser();
    const added = await call('user/addBankCard', cardForm(user.name, { account_no: '987654321098', ifsc: 'SBIN0004321' }), user.session);
    const listed = await call('user/bankList', {}, user.session);
    for (const text of [JSON.stringify(added.body), JSON.stringify(listed.body)]) expect(text).not.toContain('987654321098');
    expect(listed.body.data.map((card: { account_no_masked: string }) => card.account_no_masked)).toEqual(['•••• 5678', '•••• 1098']);
  });

  it('refuses-the-same-account-and-ifsc-twice-even-when-tapped-twice-at-once', async () => {
    const user = await world.newUser();
    const form = cardForm(user.name, { account_no: '111122223333' });
    const results = await Promise.all([call('user/addBankCard', form, user.session), call('user/addBankCard', form, user.session)]);
    expect(results.map((result) => result.body.msg).sort()).toEqual(['card_already_exists', 'ok']);
    expect((await call('user/addBankCard', form, user.session)).body.msg).toBe('card_already_exists');
    // The same number at another bank branch (IFSC) is another account.
    expect((await call('user/addBankCard', { ...form, ifsc: 'ICIC0000999' }, user.session)).body.msg).toBe('ok');
  });

  it('refuses-malformed-fields-with-their-own-keys', async () => {
    const user = await world.newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ holder_name: '' }, 'card_field_required'],
      [{ account_no: '12ab' }, 'card_account_number_invalid'],
      [{ account_no: '12345678' }, 'card_account_number_invalid'],
      [{ ifsc: 'HDFC1000123' }, 'ifsc_invalid'],
      [{ bank_name: ' ' }, 'card_field_required'],
    ];
    const before = await fundingSnapshot(world.db, user.userId);
    for (const [change, key] of cases) expect((await call('user/addBankCard', cardForm(user.name, change), user.session)).body.msg, key).toBe(key);
    expect(await fundingSnapshot(world.db, user.userId)).toEqual(before);
  });
});

describe('deleting a bank card', () => {
  it('marks-the-card-deleted-keeps-the-row-and-allows-adding-it-again', async () => {
    const user = await world.newUser();
    const remaining = await call('user/deleteBankCard', { id: user.cardId }, user.session);
    expect(remaining.body).toMatchObject({ status: 1, data: [] });
    const [row] = await world.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM bank_cards WHERE id = $1', [user.cardId]);
    expect(row!.deleted_at).not.toBeNull();
    expect((await call('user/deleteBankCard', { id: user.cardId }, user.session)).body.msg).toBe('no_such_card');
    expect((await call('user/addBankCard', cardForm(user.name), user.session)).body.msg).toBe('ok');
  });

  it('answers-no-such-card-alike-for-a-missing-and-a-foreign-card', async () => {
    const owner = await world.newUser();
    const stranger = await world.newUser();
    expect((await call('user/deleteBankCard', { id: owner.cardId }, stranger.session)).body.msg).toBe('no_such_card');
    expect((await call('user/deleteBankCard', { id: '999999999' }, stranger.session)).body.msg).toBe('no_such_card');
    expect((await call('user/bankList', {}, owner.session)).body.data).toHaveLength(1);
  });

  it('keeps-a-card-with-a-withdrawal-in-progress-and-lets-it-go-once-paid', async () => {
    const user = await world.newUser();
    await depositAndApprove(world, user, '10000.00');
    const withdrawal = await call('user/withdraw', { amount: '500.00', card_id: user.cardId, fund_password: testFundPassword, idempotency_key: newKey() }, user.session);
    expect(withdrawal.body.msg).toBe('ok');
    expect((await call('user/deleteBankCard', { id: user.cardId }, user.session)).body.msg).toBe('other_fund_operation_in_progress');
    // The database holds the same rule, whatever the code does.
    await expect(world.db.query('UPDATE bank_cards SET deleted_at = now() WHERE id = $1', [user.cardId])).rejects.toThrow(/in progress/);
    await call('admin/withdrawals/review', { id: withdrawal.body.data.id, decision: 'approve', reason: 'Paid', bank_reference: 'NEFT-0001' }, world.reviewer.headers);
    expect((await call('user/deleteBankCard', { id: user.cardId }, user.session)).body.status).toBe(1);
    // The paid withdrawal still names the card it went to.
    const listed = await call('user/withdrawList', { page: 1 }, user.session);
    expect(listed.body.data.items[0].card).toEqual({ bank_name: 'HDFC Bank', account_no_masked: '•••• 5678', ifsc: 'HDFC0000123' });
  });

  it('the-database-refuses-changing-a-card-or-removing-its-row', async () => {
    const user = await world.newUser();
    await expect(world.db.query("UPDATE bank_cards SET account_no = '222233334444' WHERE id = $1", [user.cardId])).rejects.toThrow(/only deleting/);
    await expect(world.db.query('DELETE FROM bank_cards WHERE id = $1', [user.cardId])).rejects.toThrow(/append-only/);
  });
});

describe('the wallet address', () => {
  // USDT's own contract addresses on Tron and Ethereum: real, checksummed addresses.
  const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const ethereum = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

  it('starts-empty-then-saves-and-replaces-one-address', async () => {
    const user = await world.newUser({ verified: false });
    expect((await call('user/walletAddress', {}, user.session)).body).toMatchObject({ status: 1, data: null });
    expect((await call('user/setWalletAddress', { type: 'USDT-TRC20', address: tron }, user.session)).body.data).toMatchObject({ type: 'USDT-TRC20', address: tron });
    await call('user/setWalletAddress', { type: 'USDT-ERC20', address: ethereum }, user.session);
    expect((await call('user/walletAddress', {}, user.session)).body.data).toMatchObject({ type: 'USDT-ERC20', address: ethereum });
    const [count] = await world.db.query<{ count: bigint }>('SELECT count(*) AS count FROM wallet_addresses WHERE user_id = $1', [user.userId.toString()]);
    expect(count!.count).toBe(1n);
  });

  it('refuses-addresses-that-fail-their-network-checks', async () => {
    const user = await world.newUser({ verified: false });
    const cases: [string, string, string][] = [
      ['USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'wallet_address_invalid'], // checksum broken
      ['USDT-TRC20', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'wallet_address_invalid'], // a Bitcoin address: valid base58check, wrong network
      ['USDT-TRC20', ethereum, 'wallet_address_invalid'],
      ['USDT-ERC20', '0xdAC17F958D2ee523a2206206994597C13D831eC7', 'wallet_address_invalid'], // one letter's case off: EIP-55 fails
      ['USDT-ERC20', '0xdac17f958d2ee523a2206206994597c13d831ec', 'wallet_address_invalid'], // 39 digits
      ['USDT-ERC20', tron, 'wallet_address_invalid'],
      ['USDT-BEP20', ethereum, 'wallet_type_required'],
      ['USDT-ERC20', '', 'wallet_address_required'],
    ];
    for (const [type, address, key] of cases) expect((await call('user/setWalletAddress', { type, address }, user.session)).body.msg, `${type} ${address}`).toBe(key);
    expect((await call('user/walletAddress', {}, user.session)).body.data).toBeNull();
    // Without mixed case there is no checksum to check: all lower case is accepted.
    expect((await call('user/setWalletAddress', { type: 'USDT-ERC20', address: ethereum.toLowerCase() }, user.session)).body.status).toBe(1);
  });
});
