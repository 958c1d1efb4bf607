import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { refuse } from '../http/refusal.ts';

// Every new password (registration, password change, staff accounts, password reset) is checked
// here against lists of common passwords and for how easily it is guessed, with zxcvbn-ts and its
// common-language dictionaries (the length rules are the contract's, checked before). The
// dictionaries are a few megabytes: they load once, on the first check, not at start.

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenarios". */
export const passwordScoreMin = 3;

type Estimate = (password: string, userInputs: string[]) => ZxcvbnResult;
let estimator: Promise<Estimate> | undefined;

function loadEstimator(): Promise<Estimate> {
  estimator ??= (async () => {
    const [{ zxcvbn, zxcvbnOptions }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, userInputs) => zxcvbn(password, userInputs);
  })();
  return estimator;
}

/**
 * Whether `password` may be set: not one of the common passwords as a whole, and scoring at least
 * {@link passwordScoreMin}. `userInputs` (the mobile number, the staff login) count as guessable words.
 */
export async function isAcceptablePassword(password: string, userInputs: string[] = []): Promise<boolean> {
  const estimate = (await loadEstimator())(password, userInputs);
  const wholeIsOneWord = estimate.sequence.length === 1 && estimate.sequence[0]!.pattern === 'dictionary';
  return !wholeIsOneWord && estimate.score >= passwordScoreMin;
}

/** Refuses with `password_too_common` unless {@link isAcceptablePassword}: the one check every place that sets a password calls. */
export async function checkNewPassword(password: string, userInputs: string[] = []): Promise<void> {
  if (!(await isAcceptablePassword(password, userInputs))) refuse('password_too_common');
}
