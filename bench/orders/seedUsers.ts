// Funded, signed-in users for the benchmarks that drive the real server over HTTP: the order
// bench's server child (server.ts) seeds them in-process, the load test (bench/loadtest) into the
// scratch database before it starts server/main.ts.
import { rupeesParam } from '../../contract/statementReasons.ts';
import { issueInvitationCode } from '../../server/accounts/invitations.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { startSession } from '../../server/accounts/sessions.ts';
import type { Database } from '../../server/db/database.ts';
import { openLedgerAccount, transfer } from '../../server/ledger/ledger.ts';
import { openUserLedgerAccounts } from '../../server/ledger/userBalances.ts';

/**
 * Users as registration makes them (user row, ledger accounts) plus a session, without
 * one argon2 hash each: argon2 is slow on purpose and is not what this measures. One hash
 * is computed and shared. Each user gets ₹10 crore of test money, as the trading tests fund theirs.
 */
export interface BenchUsers {
  institutionName: string;
  invitationCode: string;
  /** Account numbers run from here. */
  firstAccount: number;
  fundPaise: bigint;
}

const orderBenchUsers: BenchUsers = { institutionName: 'Order Bench', invitationCode: 'OBENCH', firstAccount: 9_100_000_000, fundPaise: 10_00_00_000n * 100n };

export async function seedUsers(db: Database, count: number, users: BenchUsers = orderBenchUsers) {
  const { fundPaise } = users;
  const { code } = await issueInvitationCode(db, { institutionName: users.institutionName, kind: 'advisor', code: users.invitationCode });
  const passwordHash = await hashPassword('bench-password');
  const sessions: { account: string; token: string }[] = [];
  const funding = await openLedgerAccount(db, { code: 'bench:funding', kind: 'demo_funding', currency: 'INR', allowNegative: true });
  for (let index = 0; index < count; index++) {
    const account = String(users.firstAccount + index);
    const token = await db.transaction(async (tx) => {
      const [user] = await tx.query<{ id: bigint }>('INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3) RETURNING id', [account, passwordHash, code]);
      const { availableAccountId } = await openUserLedgerAccounts(tx, user!.id);
      await transfer(tx, {
        idempotencyKey: `bench-funding:${account}`, kind: 'test', reasonKind: 'correction', reasonParams: { amount: rupeesParam(fundPaise), note: 'Benchmark money' }, userId: user!.id,
        postings: [{ accountId: funding, currency: 'INR', amount: -fundPaise }, { accountId: availableAccountId, currency: 'INR', amount: fundPaise }],
      });
      return startSession(tx, user!.id, { userAgent: 'benchmark', ip: '' }, { now: Date.now, idleMinutes: () => 30, absoluteHours: () => 24 });
    });
    sessions.push({ account, token });
  }
  return sessions;
}
