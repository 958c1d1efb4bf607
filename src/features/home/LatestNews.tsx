import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { button } from '../../ui/ui.css.ts';
import type { Loadable } from '../../ui/useLoad.ts';
import { Button } from '../../ui/widgets.tsx';
import { SkeletonRows } from '../../ui/LoadStates.tsx';
import * as newsStyles from '../news/news.css.ts';
import { type NewsItem, NewsItemRow } from '../news/NewsItemRow.tsx';
import * as styles from './homeMarket.css.ts';

/** Headlines shown on the home page. */
export const homeNewsCount = 3;

export function LatestNews({ state, onRetry }: { state: Loadable<NewsItem[]>; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <section className={styles.card} aria-label={t`Latest news`}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Latest news</Trans>
        </h2>
        <Link to="/home/newsList" className={button.ghost}>
          <Trans>All news</Trans>
        </Link>
      </div>
      {state.status === 'loading' ? (
        <SkeletonRows count={homeNewsCount} />
      ) : state.status === 'failed' ? (
        <div className={styles.cardMessage} role="alert">
          <Trans>The news could not be loaded.</Trans>
          <Button variant="soft" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : state.data.length === 0 ? (
        <p className={styles.cardMessage}>
          <Trans>No news yet.</Trans>
        </p>
      ) : (
        <ul className={newsStyles.list}>
          {state.data.slice(0, homeNewsCount).map((item) => (
            <NewsItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
