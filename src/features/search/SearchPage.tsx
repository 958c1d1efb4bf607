import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import { call } from '../../api/commandBus.ts';
import { Icon } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Button } from '../../ui/widgets.tsx';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import { detailPathOf } from '../market/shared/QuoteRow.tsx';
import { loadWatchlist } from '../watchlist/watchlistStore.ts';
import { WatchStar } from '../watchlist/WatchStar.tsx';
import * as styles from './search.css.ts';

type Hit = ResponseOf<'stock/search'>[number];
type Results = { status: 'idle' } | { status: 'loading'; keyword: string } | { status: 'ready'; keyword: string; hits: Hit[] } | { status: 'failed'; keyword: string };

/** Typing pauses this long before a search is sent, so a fast typist sends one request, not one per key. */
export const searchDebounceMs = 250;
/** The contract's limit on a keyword. */
const keywordLengthMax = 40;

/** Searches after the user stops typing; a late answer to an older keyword is dropped. */
function useDebouncedSearch(keyword: string): { results: Results; retry: () => void } {
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const trimmed = keyword.trim();
  useEffect(() => {
    if (trimmed === '') {
      setResults({ status: 'idle' });
      return;
    }
    let current = true;
    setResults({ status: 'loading', keyword: trimmed });
    const timer = setTimeout(() => {
      call('stock/search', { keyword: trimmed }, { silent: true }).then(
        (hits) => current && setResults({ status: 'ready', keyword: trimmed, hits }),
        () => current && setResults({ status: 'failed', keyword: trimmed }),
      );
    }, searchDebounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, attempt]);
  return { results, retry: useCallback(() => setAttempt((value) => value + 1), []) };
}

/** /favorite/search: find a stock by code or name; star it; recently viewed below. */
export function SearchPage() {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const { results, retry } = useDebouncedSearch(keyword);
  const history = useLoad(useCallback(() => call('stock/searchHistory', {}, { silent: true }), []));
  const [clearing, setClearing] = useState(false);
  const pullPx = usePullToRefresh(() => (keyword.trim() === '' ? history.reload() : retry()));

  useEffect(() => {
    // The stars need to know what is already watched; a failure leaves them unpressed.
    loadWatchlist({ silent: true }).catch(() => undefined);
  }, []);

  const clearHistory = async () => {
    setClearing(true);
    try {
      await call('stock/clearSearchHistory', {});
      history.reload();
    } catch {
      // The command bus has toasted the reason.
    } finally {
      setClearing(false);
    }
  };

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <form className={styles.searchBar} role="search" onSubmit={(event) => event.preventDefault()}>
        <Icon name="search" size={20} />
        <input
          className={styles.input}
          type="search"
          name="keyword"
          value={keyword}
          maxLength={keywordLengthMax}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t`Code or name, e.g. RELIANCE`}
          aria-label={t`Search by code or name`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
        />
        {keyword ? (
          <button type="button" className={styles.clearButton} onClick={() => setKeyword('')} aria-label={t`Clear search`}>
            ×
          </button>
        ) : null}
      </form>

      {results.status === 'idle' ? (
        <section aria-label={t`Recently viewed`}>
          <div className={styles.sectionHead}>
            <h2 className={styles.sectionTitle}>
              <Trans>Recently viewed</Trans>
            </h2>
            {history.state.status === 'ready' && history.state.data.length > 0 ? (
              <Button variant="ghost" onClick={() => void clearHistory()} busy={clearing}>
                <Trans>Clear</Trans>
              </Button>
            ) : null}
          </div>
          {history.state.status === 'loading' ? (
            <SkeletonRows count={3} />
          ) : history.state.status === 'failed' ? (
            <ErrorState title={t`Your recent stocks could not be loaded.`} onRetry={history.reload} />
          ) : history.state.data.length === 0 ? (
            <p className={styles.hint}>
              <Trans>Stocks you open appear here.</Trans>
            </p>
          ) : (
            <HitList hits={history.state.data} />
          )}
        </section>
      ) : results.status === 'loading' ? (
        <SkeletonRows count={4} />
      ) : results.status === 'failed' ? (
        <ErrorState title={t`Search failed.`} onRetry={retry} />
      ) : results.hits.length === 0 ? (
        <NoMatches keyword={results.keyword} />
      ) : (
        <section aria-label={t`Search results`}>
          <HitList hits={results.hits} />
        </section>
      )}
    </div>
  );
}

function NoMatches({ keyword }: { keyword: string }) {
  const { t } = useLingui();
  return <EmptyState icon="search" title={t`No matches for “${keyword}”`} text={t`Try a stock code such as TCS, or part of a company name.`} />;
}

function HitList({ hits }: { hits: readonly Hit[] }) {
  const { t } = useLingui();
  const kindLabels: Record<Hit['kind'], string> = { equity: t`Stock`, index: t`Index`, etf: t`ETF` };
  return (
    <ul className={styles.list}>
      {hits.map((hit) => (
        <li key={hit.code} className={styles.row} data-code={hit.code}>
          <Link to={detailPathOf(hit.kind)} search={{ code: hit.code }} className={styles.rowLink}>
            <span className={styles.rowName}>{hit.name}</span>
            <span className={styles.rowMeta}>
              {hit.code} · {kindLabels[hit.kind]}
              {hit.currency !== 'INR' ? ` · ${hit.currency}` : ''}
            </span>
          </Link>
          <WatchStar code={hit.code} />
        </li>
      ))}
    </ul>
  );
}
