import { issueInvitationCode } from '../accounts/invitations.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { addNews } from '../news/news.ts';
import { demoNews } from './demoNews.ts';

export const demoInvitationCode = 'DEMO100';
export const demoUser = { account: '9000000001', password: 'demo-pass-123' } as const;
/** ₹10,00,000 of play money. */
export const demoFundingPaise = 1_000_000_00n;

/**
 * Creates the demo institution, its invitation code and a funded demo user, once.
 * The money comes from a ledger account named for what it is, so the demo user's
 * statement shows where the balance came from.
 */
export async function seedDemo(db: Database): Promise<{ created: boolean }> {
  const passwordHash = await hashPassword(demoUser.password);
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM invitation_codes WHERE code = $1', [demoInvitationCode]);
    if (existing.length > 0) return { created: false };
    await issueInvitationCode(tx, {
      institutionName: 'Ledgerline Demo Institution',
      kind: 'institution',
      code: demoInvitationCode,
    });
    for (const item of demoNews) await addNews(tx, { ...item, createdBy: 'demo-seed' });
    // The demo user is VIP so a first run shows the real-time analytics page.
    const [user] = await tx.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, invitation_code, vip) VALUES ($1, $2, $3, true)
       ON CONFLICT (account) DO NOTHING RETURNING id`,
      [demoUser.account, passwordHash, demoInvitationCode],
    );
    if (!user) return { created: true };
    const { availableAccountId } = await openUserLedgerAccounts(tx, user.id);
    const fundingAccountId = await openLedgerAccount(tx, {
      code: 'demo:play-money-funding',
      kind: 'demo_funding',
      allowNegative: true,
    });
    await transfer(tx, {
      idempotencyKey: `demo-funding:${demoUser.account}`,
      kind: 'demo_funding',
      reason: 'Demo play money: not real funds',
      userId: user.id,
      postings: [
        { accountId: fundingAccountId, amountPaise: -demoFundingPaise },
        { accountId: availableAccountId, amountPaise: demoFundingPaise },
      ],
    });
    return { created: true };
  });
}
