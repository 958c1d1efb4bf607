import { totpCodeAt, totpPeriodSeconds, totpStepAt } from '../accounts/mfa.ts';

// Codes for test kits and the e2e harness, as an authenticator app would show them. The server
// accepts each time step once per person, so a kit that signs the same person in twice within a
// step takes the next step's code (inside the server's ±1 window), and waits when both are spent.

const lastStepBySecret = new Map<string, number>();

export async function freshTotpCode(secret: string, now: () => number = Date.now): Promise<string> {
  const last = lastStepBySecret.get(secret) ?? Number.NEGATIVE_INFINITY;
  const step = Math.max(totpStepAt(now()), last + 1);
  // More than one step ahead would be refused: wait until it is at most one ahead.
  while (step > totpStepAt(now()) + 1) await new Promise((resume) => setTimeout(resume, 250));
  lastStepBySecret.set(secret, step);
  return totpCodeAt(secret, step * totpPeriodSeconds * 1000);
}
