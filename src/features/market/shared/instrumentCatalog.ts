import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';

// The whole instrument universe (about 2,000 rows), fetched once per visit and shared by
// the tabs that filter it (funds, featured). The list changes only when an IPO lists while
// the server runs (server/ipo/listing.ts): the new stock joins this list, and the quote
// worker's names and sectors, on the next visit (a reload); meanwhile its page, search,
// rankings and live quotes already work, since they ask the server or stream by code.
// A failed load is retried next time.

export type Instrument = ResponseOf<'market/instruments'>[number];

let catalog: Promise<Instrument[]> | null = null;

export function loadInstrumentCatalog(): Promise<Instrument[]> {
  if (!catalog) {
    catalog = call('market/instruments', {}).catch((error: unknown) => {
      catalog = null;
      throw error;
    });
  }
  return catalog;
}
