// The personal data and secrets the tests' fixtures use, in one place: the kits build their
// users, staff, KYC records, cards and channels from these, and scripts/check-logs.mjs fails
// the suite when any of them appears in a server log (tests/output/server-logs/). Values made
// up per test (session tokens, generated accounts) are caught by the patterns below instead.

export const fixtureSecrets = {
  userPassword: 'correct-horse',
  staffPassword: 'staff-password-123',
  fundPassword: '246810',
  pan: 'ABCDE1234F',
  /** A bank account number on a user's card. */
  cardAccountNumber: '50100012345678',
  /** The firm's collection account on the test deposit channel. */
  channelAccountNumber: '123456789012',
} as const;

/** Other identifiers test files type in (PANs, Aadhaar numbers, account numbers): none may reach a log either. */
export const otherFixtureIdentifiers = [
  'LMNOP4321Q',
  'PQRST6789K',
  'ABCPE1234F',
  '987654321098',
  '111122223333',
  '300000000001',
  '000000012345678',
  '000000087654321',
  '234567890124',
  '987654321012',
] as const;

/**
 * Shapes no log line may hold whatever the value: a PAN, an argon2 password hash, a session
 * token or a password field that escaped redaction.
 */
export const forbiddenLogPatterns: readonly { name: string; pattern: RegExp }[] = [
  { name: 'PAN', pattern: /\b[A-Z]{5}\d{4}[A-Z]\b/ },
  { name: 'password hash', pattern: /\$argon2(id|i|d)\$/ },
  { name: 'token or password value', pattern: /"(token|password|password2|fund_password|old_password|new_password)":"(?!\[redacted\])[^"]+"/ },
];

/** Every fixed identifier, for the log check. */
export const fixtureIdentifiers: readonly string[] = [...Object.values(fixtureSecrets), ...otherFixtureIdentifiers];
