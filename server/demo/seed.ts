import { issueInvitationCode } from '../accounts/invitations.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { addNews } from '../news/news.ts';
import { Refusal } from '../http/refusal.ts';
import { createStaff } from '../staff/staff.ts';
import type { StaffRole } from '../../contract/staff.ts';
import { demoNews } from './demoNews.ts';

export const demoInvitationCode = 'DEMO100';
export const demoUser = { account: '9000000001', password: 'demo-pass-123' } as const;
/** ₹10,00,000 of play money. */
export const demoFundingPaise = 1_000_000_00n;

/** Back-office accounts, one per role and a second reviewer for four-eyes approvals. */
export const demoStaff: ReadonlyArray<{ login: string; password: string; role: StaffRole; name: string }> = [
  { login: 'admin', password: 'demo-admin-123', role: 'admin', name: 'Demo Admin' },
  { login: 'reviewer', password: 'demo-review-123', role: 'reviewer', name: 'Demo Reviewer' },
  { login: 'reviewer2', password: 'demo-review-456', role: 'reviewer', name: 'Demo Second Reviewer' },
  { login: 'operator', password: 'demo-operator-123', role: 'operator', name: 'Demo Operator' },
];

/**
 * Creates the demo staff accounts that do not exist yet. Separate from the user seed so a
 * demo database created before staff existed gets them on its next start.
 */
export async function seedDemoStaff(db: Database): Promise<{ created: string[] }> {
  const existing = await db.query<{ login: string }>('SELECT login FROM staff WHERE login = ANY($1::text[])', [demoStaff.map((staff) => staff.login)]);
  const missing = demoStaff.filter((staff) => !existing.some((row) => row.login === staff.login));
  for (const staff of missing) {
    try {
      await createStaff(db, null, { login: staff.login, name: staff.name, role: staff.role, password: staff.password, reason: 'Demo seed' });
    } catch (error) {
      // Another server process seeded it a moment ago: the account exists, which is all we want.
      if (!(error instanceof Refusal && error.key === 'staff_login_already_exists')) throw error;
    }
  }
  return { created: missing.map((staff) => staff.login) };
}

/**
 * Creates the demo institution, its invitation code and a funded demo user, once.
 * The money comes from a ledger account named for what it is, so the demo user's
 * statement shows where the balance came from.
 */
export async function seedDemo(db: Database): Promise<{ created: boolean }> {
  await seedDemoStaff(db);
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
