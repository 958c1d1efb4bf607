import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import * as styles from './ui.css.ts';
import type { PagedList } from './usePagedList.ts';
import { Button } from './widgets.tsx';

/** Start fetching the next page this far before the end of the list comes into view (the spec's list load offset). */
const loadAheadPx = 300;

/**
 * Below a paged list: the next page loads by itself as the end scrolls near (where the
 * browser can tell), and "Load more" stays as the explicit way (and Retry after a failure);
 * at the end, a line says there is nothing more.
 */
export function ListFooter<Item>({ list }: { list: PagedList<Item> }) {
  if (list.exhausted) {
    return (
      <p className={styles.listEnd} data-testid="list-end">
        <Trans>You have reached the end.</Trans>
      </p>
    );
  }
  return (
    <div className={styles.listMore}>
      <EndSentinel onVisible={() => !list.moreFailed && list.loadMore()} />
      <Button variant="soft" block busy={list.loadingMore} onClick={list.loadMore} data-action="load-more">
        {list.moreFailed ? <Trans>Could not load more. Retry</Trans> : <Trans>Load more</Trans>}
      </Button>
    </div>
  );
}

function EndSentinel({ onVisible }: { onVisible: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = element.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), { rootMargin: `${loadAheadPx}px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={element} aria-hidden="true" />;
}
