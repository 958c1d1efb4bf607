import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../contract/api.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import * as styles from './news.css.ts';
import { htmlLangOf } from './newsLanguage.ts';

export type NewsItem = ResponseOf<'news/list'>[number];

/** One headline: title, two lines of summary, source and time (IST). Used by the list and the home page. */
export function NewsItemRow({ item }: { item: NewsItem }) {
  const { locale } = useSnapshot(localeState);
  return (
    <li className={styles.item}>
      <Link to="/home/newsDetail" search={{ id: item.id }} className={styles.itemLink}>
        <h3 className={styles.itemTitle} lang={htmlLangOf(item.lang)}>
          {item.title}
        </h3>
        {item.summary ? (
          <p className={styles.itemSummary} lang={htmlLangOf(item.lang)}>
            {item.summary}
          </p>
        ) : null}
        <span className={styles.meta}>
          {item.source} · {formatIstDateTime(item.published_at, locale)}
        </span>
      </Link>
    </li>
  );
}
