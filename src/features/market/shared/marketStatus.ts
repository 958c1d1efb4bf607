import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';

// The feed's source, session phase and ranking refresh interval over REST. Pages read it
// while the stream is still connecting (or offline), so a price is never shown without
// saying where it comes from. One request serves every page; it is refreshed when a page
// opens and the answer is older than a minute, because the phase changes during the day.

export type MarketStatus = ResponseOf<'market/status'>;

const statusAgeMaxMs = 60_000;

export const marketStatusState = proxy<{ status: MarketStatus | null; loadedAt: number }>({ status: null, loadedAt: 0 });
let inFlight: Promise<MarketStatus> | null = null;

export function loadMarketStatus(): Promise<MarketStatus> {
  if (inFlight) return inFlight;
  inFlight = call('market/status', {}, { silent: true }).then(
    (status) => {
      marketStatusState.status = status;
      marketStatusState.loadedAt = Date.now();
      inFlight = null;
      return status;
    },
    (error: unknown) => {
      inFlight = null;
      throw error;
    },
  );
  return inFlight;
}

export function useMarketStatus(): MarketStatus | null {
  const { status } = useSnapshot(marketStatusState);
  useEffect(() => {
    if (marketStatusState.status === null || Date.now() - marketStatusState.loadedAt > statusAgeMaxMs) {
      // Silent: the badge falls back to the stream's own report, or to nothing.
      loadMarketStatus().catch(() => undefined);
    }
  }, []);
  return status;
}
