// Creates a staff account in the database the server uses (same DATABASE_URL / DATA_DIR),
// for the first admin of a real deployment; after that, admins create staff in the back
// office. The password is read from STAFF_PASSWORD or the first line of standard input, never
// from the command line (it would land in the shell history and the process list).
//   STAFF_PASSWORD=... npx tsx scripts/create-staff.ts --login alice --name "Alice Rao" [--role admin]
//   printf '%s\n' "$PASSWORD" | npx tsx scripts/create-staff.ts --login alice --name "Alice Rao"
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { staffCreateRequest } from '../contract/staff.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { Refusal } from '../server/http/refusal.ts';
import { createStaff } from '../server/staff/staff.ts';

const { values } = parseArgs({
  options: {
    login: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
});

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password (at least 12 characters; it is echoed): ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const form = staffCreateRequest.safeParse({
  login: values.login,
  name: values.name,
  role: values.role,
  password: await readPassword(),
  reason: 'Created with scripts/create-staff.ts',
});
if (!form.success) {
  console.error(`refused: ${form.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join(', ')}`);
  console.error('usage: [STAFF_PASSWORD=...] create-staff --login NAME --name "Display Name" [--role reviewer|operator|admin]');
  process.exit(2);
}
const db = await openDatabase(readConfig().database);
try {
  // No staff member acts here: the audit entry records the command line as the actor (staff_id null).
  const member = await createStaff(db, null, form.data);
  console.log(`staff account ${member.login} (${member.role}) created`);
} catch (error) {
  if (error instanceof Refusal) {
    console.error(`refused: ${error.key}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await db.close();
}
