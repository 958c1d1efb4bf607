import { call } from '../../../api/commandBus.ts';
import type { InrRate } from './currencyBalances.ts';

// Today's rates into rupees (fx/rates prices every pair in rupees unless asked otherwise):
// 1 `from` = `rate` rupees, with its source and time, for the rupee totals of the balance screens.

export async function loadInrRates(): Promise<InrRate[]> {
  const answer = await call('fx/rates', { to: 'INR' }, { silent: true });
  return answer.pairs
    .filter((pair) => pair.to === 'INR')
    .map((pair) => ({ currency: pair.from, inrPerUnit: pair.rate, source: pair.source, updatedAt: pair.updated_at, referenceDay: pair.reference_day }));
}
