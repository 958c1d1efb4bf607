import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { QuoteRow as QuoteRowData } from '../../../../contract/market.ts';
import { call } from '../../../api/commandBus.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { type Instrument, loadInstrumentCatalog } from '../shared/instrumentCatalog.ts';
import { EmptyState, LoadStates } from '../../../ui/LoadStates.tsx';
import { QuoteRow } from '../shared/QuoteRow.tsx';
import * as shared from '../shared/shared.css.ts';
import { useWatch } from '../stream/marketStore.ts';
import { MarketPanel } from '../shared/MarketPanel.tsx';

/** stock/quotes takes at most 200 codes, as does one stream connection. */
const groupCodesMax = 200;

export type InstrumentGroup = { key: string; title: string; note?: string; includes: (instrument: Instrument) => boolean };

type Loaded = Record<string, QuoteRowData[]>;

/**
 * A short list of instruments picked from the universe by kind or currency (ETFs; the
 * Korean and Thai listings): REST quotes first, live quotes as they arrive.
 */
export function InstrumentGroupPanel({ groups, emptyTitle, emptyText }: { groups: InstrumentGroup[]; emptyTitle: string; emptyText: string }) {
  const { t } = useLingui();
  const load = useCallback(async (): Promise<Loaded> => {
    const catalog = await loadInstrumentCatalog();
    const codesByGroup = groups.map((group) => catalog.filter(group.includes).map((instrument) => instrument.code).slice(0, groupCodesMax));
    const codes = [...new Set(codesByGroup.flat())].slice(0, groupCodesMax);
    const rows = codes.length > 0 ? await call('stock/quotes', { codes }, { silent: true }) : [];
    const rowByCode = new Map(rows.map((row) => [row.code, row]));
    return Object.fromEntries(groups.map((group, index) => [group.key, (codesByGroup[index] ?? []).flatMap((code) => rowByCode.get(code) ?? [])]));
    // The groups are fixed per screen (only their titles follow the language): load once.
  }, []);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  const codes = useMemo(() => (state.status === 'ready' ? Object.values(state.data).flatMap((rows) => rows.map((row) => row.code)) : []), [state]);
  useWatch(codes);

  return (
    <MarketPanel pullPx={pullPx}>
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`These quotes could not be loaded.`}
        isEmpty={(loaded) => Object.values(loaded).every((rows) => rows.length === 0)}
        empty={<EmptyState title={emptyTitle} text={emptyText} />}
      >
        {(loaded) =>
          groups.map((group) => (
            <section key={group.key} aria-label={group.title}>
              <h2 className={shared.note} style={{ fontWeight: 600, paddingTop: 12 }}>
                {group.title}
              </h2>
              {group.note ? <p className={shared.note}>{group.note}</p> : null}
              {(loaded[group.key] ?? []).map((row) => (
                <QuoteRow key={row.code} code={row.code} snapshot={row} />
              ))}
            </section>
          ))
        }
      </LoadStates>
    </MarketPanel>
  );
}
