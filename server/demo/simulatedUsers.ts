import { randomBytes } from 'node:crypto';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { openLedgerAccount, transfer } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { demoInvitationCode } from './seed.ts';

// Demo mode's simulated people (the IPO applicants, the strategy funds' investors): accounts
// nobody signs in as (a random password), registered with the demo invitation code, each funded
// with play money from a source account named for what it funds. Idempotent: an account that
// exists is kept, and its funding transfer is keyed by the account.

export interface SimulatedUser {
  account: string;
  /** Play money to give it (nothing when zero). */
  amountPaise: bigint;
}

/** Creates (or finds) the users in one transaction and funds them from `fundingCode`; answers their ids in order. */
export async function seedSimulatedUsers(db: Database, users: readonly SimulatedUser[], funding: { code: string; keyPrefix: string }): Promise<bigint[]> {
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  return db.transaction(async (tx) => {
    const source = await openLedgerAccount(tx, { code: funding.code, kind: 'demo_funding', currency: 'INR', allowNegative: true });
    const ids: bigint[] = [];
    for (const { account, amountPaise } of users) {
      const [user] = await tx.query<{ id: bigint }>(
        `INSERT INTO users (account, password_hash, invitation_code) VALUES ($1, $2, $3)
         ON CONFLICT (account) DO UPDATE SET password_hash = users.password_hash RETURNING id`,
        [account, passwordHash, demoInvitationCode],
      );
      const userId = BigInt(user!.id);
      const { availableAccountId } = await openUserLedgerAccounts(tx, userId);
      if (amountPaise > 0n) {
        await transfer(tx, {
          idempotencyKey: `${funding.keyPrefix}:${account}`, kind: 'demo_funding', reasonKind: 'demo_funding', reasonParams: { amount: rupeesParam(amountPaise) },
          userId, postings: [{ accountId: source, currency: 'INR', amount: -amountPaise }, { accountId: availableAccountId, currency: 'INR', amount: amountPaise }],
        });
      }
      ids.push(userId);
    }
    return ids;
  });
}
