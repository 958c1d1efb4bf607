import { Trans, useLingui } from '@lingui/react/macro';
import { listPageSize } from '../../../../contract/paging.ts';
import * as styles from './backOffice.css.ts';

/** Page numbers shown at once around the current page (spec §9: five visible pages). */
export const visiblePagesMax = 5;

/** The page numbers to show: up to five, the current one centred where possible. */
export function visiblePages(page: number, pageCount: number): number[] {
  const count = Math.min(visiblePagesMax, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(visiblePagesMax / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

type PagerProps = { page: number; total: number; pageSize?: number; onPage: (page: number) => void };

/** Previous, the page numbers and next, with the count of items: every back-office list pages by ten. */
export function Pager({ page, total, pageSize = listPageSize, onPage }: PagerProps) {
  const { t } = useLingui();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t`Previous page`}>
        ‹
      </button>
      {visiblePages(page, pageCount).map((number) => (
        <button
          key={number}
          type="button"
          className={styles.pageButton}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button type="button" className={styles.pageButton} disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label={t`Next page`}>
        ›
      </button>
      <span className={styles.muted}>
        <Trans>
          Page {page} of {pageCount} · {total} in all
        </Trans>
      </span>
    </nav>
  );
}

/**
 * For lists the server sends without a total (a user's ledger statement): previous and
 * next around the current page number; a page shorter than ten is the last.
 */
export function OpenEndedPager({ page, itemsOnPage, onPage }: { page: number; itemsOnPage: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t`Previous page`}>
        ‹
      </button>
      <button type="button" className={styles.pageButton} aria-current="page" aria-label={t`Page ${page}`}>
        {page}
      </button>
      <button type="button" className={styles.pageButton} disabled={itemsOnPage < listPageSize} onClick={() => onPage(page + 1)} aria-label={t`Next page`}>
        ›
      </button>
    </nav>
  );
}
