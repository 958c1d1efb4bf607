import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { issueByCode } from './store.ts';

// A code the market does not know may be an IPO that has not listed yet: its page and an
// order on it say so (not_yet_listed) rather than "unknown instrument". Asked only after
// the market's own lookup failed, so a known code costs no query.

/** Refuses for a code the market does not trade: not_yet_listed while an issue will list under it, else unknown_instrument. */
export async function refuseUnknownCode(sql: Sql, code: string): Promise<never> {
  const issue = await issueByCode(sql, code);
  // A listed issue the market does not trade is one a replay ignores: there is nothing to wait for.
  return refuse(issue && issue.state !== 'listed' ? 'not_yet_listed' : 'unknown_instrument');
}
