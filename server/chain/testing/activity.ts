import { istDay } from '../../../contract/calendarDays.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { createAndLogInStaff } from '../../testing/staffKit.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { fundUser, registerAndLogIn } from '../../testing/userKit.ts';
import { publishChainDays } from '../publishJob.ts';

// Real activity for the chain and backup tests: staff actions through the real routes, many
// at once (each audited), audit entries written by concurrent transactions that overlap,
// users funded through the ledger, and today's roots published.

export async function makeChainActivity(db: Database, server: TestServer, options: { concurrent: number }): Promise<{ users: bigint[] }> {
  const operator = await createAndLogInStaff(db, server, 'chain-operator', 'operator');
  const issued = await Promise.all(
    Array.from({ length: options.concurrent }, (_, index) =>
      server.call('admin/invitations/issue', { institution_name: `Chain desk ${index}`, kind: 'institution', code: `CHAIN-${index}` }, operator.headers),
    ),
  );
  if (issued.some((answer) => answer.body.status !== 1)) throw new Error(`invitation issue failed: ${JSON.stringify(issued.find((answer) => answer.body.status !== 1)?.body)}`);
  // Transactions that hold the chain's head while others queue behind it.
  await Promise.all(
    Array.from({ length: options.concurrent }, (_, index) =>
      db.transaction(async (tx) => {
        await recordAudit(tx, { staffId: null, action: 'settings.update', subjectKind: 'setting', subjectId: `chain.test_${index}`, reason: `concurrent ${index} — ✓ 漢字`, before: { n: index }, after: { n: index + 1, text: 'tab\there' } });
        await tx.query('SELECT pg_sleep(0.002)');
      }),
    ),
  );
  const users: bigint[] = [];
  for (const [index, account] of ['9800000001', '9800000002', '9800000003'].entries()) {
    const user = await registerAndLogIn(db, server, account, `CHAIN-${index}`);
    await fundUser(db, user.userId, 1_000n + BigInt(index));
    await fundUser(db, user.userId, 250n);
    users.push(user.userId);
  }
  await publishChainDays(db, istDay(Date.now()));
  return { users };
}
