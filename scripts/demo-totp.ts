// Prints the current second-factor code of a demo staff member (demo only: their secrets are
// published in the README). Usage: npx tsx scripts/demo-totp.ts admin
import { totpCodeAt } from '../server/accounts/mfa.ts';
import { demoStaff } from '../server/demo/seed.ts';

const login = process.argv[2] ?? '';
const staff = demoStaff.find((member) => member.login === login);
if (!staff) {
  console.error(`usage: npx tsx scripts/demo-totp.ts <${demoStaff.map((member) => member.login).join('|')}>`);
  process.exit(1);
}
console.log(totpCodeAt(staff.totpSecret, Date.now()));
