import { proxy, useSnapshot } from 'valtio';
import { call } from '../../api/commandBus.ts';

// The user's watchlist codes, shared by every screen with a star (search, stock detail,
// the watchlist itself) so a change on one shows on all. The server's answer to add and
// remove is the new list, which replaces ours: the server stays the one source of truth.

export const watchlistState = proxy<{ codes: string[] | null; busy: Record<string, true> }>({ codes: null, busy: {} });

const codesOf = (items: readonly { symbol: string }[]) => items.map((item) => item.symbol);

export async function loadWatchlist(options: { silent?: boolean } = {}): Promise<string[]> {
  const codes = codesOf(await call('user/Optionallist', {}, options));
  watchlistState.codes = codes;
  return codes;
}

/** Adds or removes `code`; resolves to whether it is now watched. Refusals toast through the command bus. */
export async function setWatched(code: string, watched: boolean): Promise<boolean> {
  if (watchlistState.busy[code]) return watched;
  watchlistState.busy[code] = true;
  try {
    const items = await call(watched ? 'user/addOptional' : 'user/delOptional', { code });
    watchlistState.codes = codesOf(items);
    return watchlistState.codes.includes(code);
  } finally {
    delete watchlistState.busy[code];
  }
}

/** Whether `code` is watched: the shared list once loaded, else what the page was told (e.g. stock/detail's onWatchlist). */
export function useWatched(code: string, known?: boolean): { watched: boolean; busy: boolean } {
  const { codes, busy } = useSnapshot(watchlistState);
  return { watched: codes ? codes.includes(code) : (known ?? false), busy: Boolean(busy[code]) };
}

/** For tests: start from an unknown list. */
export function resetWatchlistState(): void {
  watchlistState.codes = null;
  watchlistState.busy = {};
}
