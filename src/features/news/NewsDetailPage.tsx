import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../api/commandBus.ts';
import { newsArticleSearch } from '../../app/routeSearch.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { EmptyState, ErrorState } from '../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import * as styles from './news.css.ts';
import { htmlLangOf, useNewsLanguage } from './newsLanguage.ts';

/** /home/newsDetail?id=42 */
export function NewsDetailPage() {
  const { t } = useLingui();
  const { id } = newsArticleSearch.useSearch();
  if (!id) {
    return (
      <EmptyState
        icon="info"
        title={t`This article does not exist`}
        action={
          <Link to="/home/newsList" className={button.soft}>
            <Trans>All news</Trans>
          </Link>
        }
      />
    );
  }
  return <Article key={id} id={id} />;
}

function Article({ id }: { id: string }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  // Not silent: a removed article's refusal ("not_found") reaches the reader as a toast.
  const lang = useNewsLanguage();
  const { state, reload } = useLoad(useCallback(() => call('news/detail', { id, lang }), [id, lang]));
  if (state.status === 'failed') return <ErrorState title={t`The article could not be loaded.`} onRetry={reload} />;
  if (state.status === 'loading') {
    return (
      <div className={styles.article} aria-busy="true">
        <Skeleton width="90%" height={26} />
        <Skeleton width="40%" height={14} />
        <Skeleton width="100%" height={120} />
      </div>
    );
  }
  const article = state.data;
  const paragraphs = article.body.split(/\n\s*\n/).map((text) => text.trim()).filter(Boolean);
  return (
    <article className={styles.article}>
      <h2 className={styles.articleTitle} lang={htmlLangOf(article.lang)}>
        {article.title}
      </h2>
      <span className={styles.meta}>
        {article.source} · {formatIstDateTime(article.published_at, locale)}
      </span>
      {article.codes.length > 0 ? (
        <div className={styles.codes} aria-label={t`Stocks in this article`}>
          {article.codes.map((code) => (
            <Link key={code} to="/market/stockDetail" search={{ code }} className={styles.codeChip}>
              {code}
            </Link>
          ))}
        </div>
      ) : null}
      {paragraphs.map((text, index) => (
        <p key={index} className={styles.paragraph} lang={htmlLangOf(article.lang)}>
          {text}
        </p>
      ))}
    </article>
  );
}
