import { z } from 'zod';

// What anyone can check without trusting the server's word (server/chain/, server/statements/):
// each ended IST day's root hash of the audit log and of the ledger, and the public key the
// downloadable statements are signed with. Both are public, so a copy kept elsewhere pins
// the history and lets a statement be checked offline (scripts/verify-chain.ts,
// scripts/verify-statement.ts).

export const chainNames = ['audit', 'ledger'] as const;
export type ChainName = (typeof chainNames)[number];

/** How many days of roots one read returns at most. */
export const chainRootDaysMax = 366;

export const chainRootsRequest = z.object({
  days: z.number({ error: 'invalid_field' }).int('invalid_field').min(1, 'invalid_field').max(chainRootDaysMax, 'invalid_field').default(14),
});

const hexHash = z.string().regex(/^[0-9a-f]{64}$/);

export const chainRoot = z.object({
  /** The IST day, YYYY-MM-DD. */
  day: z.string(),
  /** Entries that joined the chain since the previous day's root. */
  entries: z.number().int(),
  /** The chain position the root is the hash of (0: the chain was still empty). */
  last_seq: z.string(),
  root_hash: hexHash,
});

export const chainRootsResponse = z.object({
  /** Newest day first. */
  audit: z.array(chainRoot),
  ledger: z.array(chainRoot),
});

export const statementKeyResponse = z.object({
  /** The Ed25519 public key, SPKI PEM. */
  public_key_pem: z.string(),
  /** sha-256 of the key's DER bytes, hex, in groups of four for reading aloud. */
  fingerprint: z.string(),
});

export const trustCommands = {
  'chain/roots': { auth: false, request: chainRootsRequest, response: chainRootsResponse },
  'statement/publicKey': { auth: false, request: z.object({}), response: statementKeyResponse },
} as const;
