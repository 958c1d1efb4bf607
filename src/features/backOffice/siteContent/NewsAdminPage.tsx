import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminNewsItem, type NewsLanguage, newsLanguages, newsSaveRequest, type NewsTextForm } from '../../../../contract/siteContent.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

// /admin/news: articles in English, Traditional Chinese and Korean, written, previewed as readers
// will see them, edited, unpublished and published again. Operators and administrators.

const languageNames: Record<NewsLanguage, MessageDescriptor> = { en: msg`English`, tw: msg`Traditional Chinese`, ko: msg`Korean` };
const emptyText: NewsTextForm = { title: '', summary: '', body: '' };
type Draft = { id?: string; source: string; codes: string; texts: Record<NewsLanguage, NewsTextForm> };

const draftOf = (item: AdminNewsItem | null): Draft =>
  item
    ? { id: item.id, source: item.source, codes: item.codes.join(' '), texts: { en: item.texts.en, tw: item.texts.tw ?? emptyText, ko: item.texts.ko ?? emptyText } }
    : { source: '', codes: '', texts: { en: emptyText, tw: emptyText, ko: emptyText } };

const formOf = (draft: Draft, reason: string) => ({
  ...(draft.id ? { id: draft.id } : {}),
  source: draft.source,
  codes: draft.codes.split(/[\s,]+/).filter(Boolean).map((code) => code.toUpperCase()),
  texts: draft.texts,
  reason,
});

export function NewsAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [toggling, setToggling] = useState<AdminNewsItem | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/news/list', { page }, { silent }), [page]);

  const toggle = async (reason: string) => {
    if (!toggling) return;
    const published = toggling.unpublished_at !== null;
    await call('admin/news/setPublished', { id: toggling.id, published, reason }, { silent: true });
    showToast(published ? t`Article published again` : t`Article unpublished`, { tone: 'success' });
    setToggling(null);
    reload();
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Button className={styles.smallButton} onClick={() => setEditing(draftOf(null))}>
          {t`Write an article…`}
        </Button>
      </div>
      <PagedTable
        label={t`News articles`}
        state={state}
        onRetry={reload}
        onPage={setPage}
        errorTitle={t`The news articles could not be loaded.`}
        emptyTitle={t`No articles`}
        rowKey={(row) => row.id}
        columns={[
          { header: t`Title`, cell: (row) => <strong>{row.texts.en.title}</strong> },
          { header: t`Languages`, cell: (row) => newsLanguages.filter((lang) => row.texts[lang] !== null).join(' · ') },
          { header: t`Source`, cell: (row) => row.source },
          { header: t`Published`, cell: (row) => format.dateTime(row.published_at) },
          {
            header: t`Status`,
            cell: (row) => <Badge tone={row.unpublished_at ? 'neutral' : 'good'}>{row.unpublished_at ? t`Unpublished` : t`Published`}</Badge>,
          },
          {
            header: t`Actions`,
            cell: (row) => (
              <div className={styles.actions}>
                <Button variant="secondary" className={styles.smallButton} onClick={() => setEditing(draftOf(row))}>
                  {t`Edit…`}
                </Button>
                <Button variant="secondary" className={styles.smallButton} onClick={() => setToggling(row)}>
                  {row.unpublished_at ? t`Publish…` : t`Unpublish…`}
                </Button>
              </div>
            ),
          },
        ]}
      />
      {editing ? (
        <NewsEditor
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {toggling ? (
        <ActionDialog
          title={toggling.unpublished_at ? t`Publish "${toggling.texts.en.title}" again?` : t`Unpublish "${toggling.texts.en.title}"?`}
          summary={<p className={styles.muted}>{toggling.unpublished_at ? t`Readers see it in the news list again.` : t`Readers no longer see it in the news list or by its link.`}</p>}
          confirmLabel={toggling.unpublished_at ? t`Publish` : t`Unpublish`}
          danger={toggling.unpublished_at === null}
          onConfirm={toggle}
          onClose={() => setToggling(null)}
        />
      ) : null}
    </>
  );
}

function NewsEditor({ initial, onClose, onSaved }: { initial: Draft; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [lang, setLang] = useState<NewsLanguage>('en');
  const [previewing, setPreviewing] = useState(false);
  // The contract's own check (a placeholder reason stands in for the one typed below).
  const complete = newsSaveRequest.safeParse(formOf(draft, 'check')).success;
  const setText = (field: keyof NewsTextForm, value: string) => setDraft({ ...draft, texts: { ...draft.texts, [lang]: { ...draft.texts[lang], [field]: value } } });
  const save = async (reason: string) => {
    await call('admin/news/save', formOf(draft, reason), { silent: true });
    showToast(draft.id ? t`Article saved` : t`Article published`, { tone: 'success' });
    onSaved();
  };
  const text = draft.texts[lang];
  return (
    <ActionDialog
      wide
      title={draft.id ? t`Edit the article` : t`Write an article`}
      confirmLabel={draft.id ? t`Save` : t`Publish`}
      ready={complete}
      onConfirm={save}
      onClose={onClose}
    >
      <div className={styles.formGrid}>
        <label className={styles.field}>
          {t`Source`}
          <input className={styles.control} name="source" maxLength={200} value={draft.source} onChange={(event) => setDraft({ ...draft, source: event.target.value })} />
        </label>
        <label className={styles.field}>
          {t`Stock codes (optional, separated by spaces)`}
          <input className={styles.control} name="codes" value={draft.codes} onChange={(event) => setDraft({ ...draft, codes: event.target.value })} />
        </label>
      </div>
      <div className={styles.actions} role="tablist" aria-label={t`Language`}>
        {newsLanguages.map((code) => (
          <Button
            key={code}
            role="tab"
            aria-selected={lang === code}
            variant={lang === code ? 'primary' : 'secondary'}
            className={styles.smallButton}
            onClick={() => setLang(code)}
          >
            {i18n._(languageNames[code])}
            {draft.texts[code].title.trim() === '' || draft.texts[code].body.trim() === '' ? ' •' : ''}
          </Button>
        ))}
        <Button variant="ghost" className={styles.smallButton} aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
          {previewing ? t`Back to editing` : t`Preview`}
        </Button>
      </div>
      {previewing ? (
        <article className={styles.section} data-testid="news-preview" lang={lang === 'tw' ? 'zh-Hant' : lang}>
          <h3 className={styles.sectionTitle}>{text.title}</h3>
          {text.summary ? <p className={styles.muted}>{text.summary}</p> : null}
          {text.body
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index} style={{ margin: 0 }}>
                {paragraph}
              </p>
            ))}
          <p className={styles.muted}>{draft.source}</p>
        </article>
      ) : (
        <>
          <label className={styles.field}>
            {t`Title (${i18n._(languageNames[lang])})`}
            <input className={styles.control} name={`title-${lang}`} maxLength={300} value={text.title} onChange={(event) => setText('title', event.target.value)} />
          </label>
          <label className={styles.field}>
            {t`Summary (${i18n._(languageNames[lang])})`}
            <textarea className={styles.textarea} name={`summary-${lang}`} maxLength={1000} value={text.summary} onChange={(event) => setText('summary', event.target.value)} />
          </label>
          <label className={styles.field}>
            {t`Article (${i18n._(languageNames[lang])}; a blank line starts a new paragraph)`}
            <textarea className={styles.textarea} style={{ minHeight: 200 }} name={`body-${lang}`} maxLength={20000} value={text.body} onChange={(event) => setText('body', event.target.value)} />
          </label>
        </>
      )}
      {!complete ? <p className={styles.muted}>{t`A source, and a title and an article in each of the three languages, are needed before it can be saved.`}</p> : null}
    </ActionDialog>
  );
}
