import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';

// The whole instrument universe (about 2,000 rows), fetched once per visit and shared by
// the tabs that filter it (funds, featured). Instruments change only with a new catalog
// on the server, so there is nothing to refresh; a failed load is retried next time.

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
