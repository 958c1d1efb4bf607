import { issueInvitationCode } from '../accounts/invitations.ts';
import { installMfaFactor } from '../accounts/mfa.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { Refusal } from '../http/refusal.ts';
import { createStaff } from '../staff/staff.ts';
import type { StaffRole } from '../../contract/staff.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { demoInstitutionName } from '../../contract/demo.ts';
import { seedDemoNews } from './demoNews.ts';
import { seedSimulatedHistory } from '../portfolio/demoHistory.ts';

export const demoInvitationCode = 'DEMO100';
export const demoUser = { account: '9000000001', password: 'demo-pass-123' } as const;
/** ₹10,00,000 of play money. */
export const demoFundingPaise = 1_000_000_00n;

/**
 * Back-office accounts, one per role and a second reviewer for four-eyes approvals. Staff must
 * have a second factor, so each has a fixed TOTP secret, published in the README for the demo
 * only (add it to any authenticator app, or compute a code with `npx tsx scripts/demo-totp.ts LOGIN`).
 */
export const demoStaff: ReadonlyArray<{ login: string; password: string; role: StaffRole; name: string; totpSecret: string }> = [
  { login: 'admin', password: 'demo-admin-123', role: 'admin', name: 'Demo Admin', totpSecret: 'LEDGERLINEDEMOADMINTOTPSECRETAAA' },
  { login: 'reviewer', password: 'demo-review-123', role: 'reviewer', name: 'Demo Reviewer', totpSecret: 'LEDGERLINEDEMOREVIEWERTOTPSECRET' },
  { login: 'reviewer2', password: 'demo-review-456', role: 'reviewer', name: 'Demo Second Reviewer', totpSecret: 'LEDGERLINEDEMOREVIEWER2TOTPSECRE' },
  { login: 'operator', password: 'demo-operator-123', role: 'operator', name: 'Demo Operator', totpSecret: 'LEDGERLINEDEMOOPERATORTOTPSECRET' },
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
  // Every demo staff member has the documented second factor, also in a demo database from before staff needed one.
  const ids = await db.query<{ id: bigint; login: string }>('SELECT id, login FROM staff WHERE login = ANY($1::text[])', [demoStaff.map((staff) => staff.login)]);
  for (const row of ids) await installMfaFactor(db, { kind: 'staff', id: row.id }, demoStaff.find((staff) => staff.login === row.login)!.totpSecret);
  return { created: missing.map((staff) => staff.login) };
}

/** The firm's collection accounts in demo mode: fictitious, and labelled so on screen. */
export const demoDepositChannels = [
  {
    name: 'Demo bank transfer (not a real account)',
    bank_name: 'Demo Bank of Ledgerline',
    account_name: 'Ledgerline Demo Collections',
    account_no: '000000012345678',
    ifsc: 'DEMO0000001',
    branch: 'Demo Branch, Mumbai',
    upi_id: null,
    note: 'Demo only: do not send real money. Report any amount with any reference and a photo; a reviewer approves it.',
  },
  {
    name: 'Demo UPI (not a real account)',
    bank_name: 'Demo Co-operative Bank',
    account_name: 'Ledgerline Demo Collections',
    account_no: '000000087654321',
    ifsc: 'DEMO0000002',
    branch: 'Demo Branch, Bengaluru',
    upi_id: 'ledgerline.demo@upi-demo',
    note: 'Demo only: this UPI id does not exist.',
  },
] as const;

/**
 * Adds the demo deposit channels when there is no channel at all, so a first run can report
 * a deposit. Separate from the user seed so a demo database created before funding existed
 * gets them on its next start; a database where staff have set up channels is left alone.
 */
export async function seedDemoChannels(db: Database): Promise<{ created: number }> {
  return db.transaction(async (tx) => {
    // Two servers starting at once must not both add them.
    await tx.query('LOCK TABLE deposit_channels IN SHARE ROW EXCLUSIVE MODE');
    const [existing] = await tx.query<{ count: bigint }>('SELECT count(*) AS count FROM deposit_channels');
    if ((existing?.count ?? 0n) > 0n) return { created: 0 };
    for (const channel of demoDepositChannels) {
      await tx.query(
        `INSERT INTO deposit_channels (name, bank_name, account_name, account_no, ifsc, branch, upi_id, note, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)`,
        [channel.name, channel.bank_name, channel.account_name, channel.account_no, channel.ifsc, channel.branch, channel.upi_id, channel.note],
      );
    }
    return { created: demoDepositChannels.length };
  });
}

/**
 * Creates the demo institution, its invitation code and a funded demo user, once.
 * The money comes from a ledger account named for what it is, so the demo user's
 * statement shows where the balance came from.
 */
export async function seedDemo(db: Database, now: () => number = Date.now): Promise<{ created: boolean }> {
  await seedDemoStaff(db);
  await seedDemoChannels(db);
  await seedDemoNews(db);
  const seeded = await seedDemoUser(db);
  await seedDemoHistory(db, now);
  return seeded;
}

/**
 * The demo user's simulated 90-day balance history (server/portfolio/demoHistory.ts), labelled
 * simulated on screen, when they have no history yet: on the first start, and on the next
 * start of a demo database created before the history existed.
 */
export async function seedDemoHistory(db: Database, now: () => number = Date.now): Promise<number> {
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [demoUser.account]);
  return user ? seedSimulatedHistory(db, user.id, now) : 0;
}

async function seedDemoUser(db: Database): Promise<{ created: boolean }> {
  const passwordHash = await hashPassword(demoUser.password);
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM invitation_codes WHERE code = $1', [demoInvitationCode]);
    if (existing.length > 0) return { created: false };
    await issueInvitationCode(tx, {
      institutionName: demoInstitutionName,
      kind: 'institution',
      code: demoInvitationCode,
    });
    // The demo user's play money reaches VIP 1 by the published thresholds (server/vip/levels.ts),
    // so a first run shows the real-time analytics page and the VIP allocations.
    const [user] = await tx.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3)
       ON CONFLICT (account) DO NOTHING RETURNING id`,
      [demoUser.account, passwordHash, demoInvitationCode],
    );
    if (!user) return { created: true };
    const { availableAccountId } = await openUserLedgerAccounts(tx, user.id);
    const fundingAccountId = await openLedgerAccount(tx, {
      code: 'demo:play-money-funding',
      kind: 'demo_funding',
      currency: 'INR',
      allowNegative: true,
    });
    await transfer(tx, {
      idempotencyKey: `demo-funding:${demoUser.account}`,
      kind: 'demo_funding',
      reasonKind: 'demo_funding',
      reasonParams: { amount: rupeesParam(demoFundingPaise) },
      userId: user.id,
      postings: [
        { accountId: fundingAccountId, currency: 'INR', amount: -demoFundingPaise },
        { accountId: availableAccountId, currency: 'INR', amount: demoFundingPaise },
      ],
    });
    return { created: true };
  });
}
