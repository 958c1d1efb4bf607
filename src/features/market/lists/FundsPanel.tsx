import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { FundSummary } from '../../../../contract/funds.ts';
import type { QuoteRow as QuoteRowData } from '../../../../contract/market.ts';
import { call } from '../../../api/commandBus.ts';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { FundBadges, FundNav, FundReturns } from '../../funds/FundSummaryParts.tsx';
import { isOngoing, useFundLabels } from '../../funds/fundText.ts';
import * as fundingStyles from '../../funding/funding.css.ts';
import * as primaryStyles from '../../primaryMarket/primaryMarket.css.ts';
import { type Instrument, loadInstrumentCatalog } from '../shared/instrumentCatalog.ts';
import { useLotText } from '../shared/lotText.ts';
import { MarketPanel } from '../shared/MarketPanel.tsx';
import { QuoteRow } from '../shared/QuoteRow.tsx';
import * as shared from '../shared/shared.css.ts';
import { useWatch } from '../stream/marketStore.ts';
import { useTrackedName } from '../shared/trackedNames.ts';

/** stock/quotes takes at most 200 codes, as does one stream connection. */
const etfCodesMax = 200;

type EtfRow = { instrument: Instrument; quote: QuoteRowData };

async function loadEtfs(): Promise<EtfRow[]> {
  const etfs = (await loadInstrumentCatalog()).filter((instrument) => instrument.kind === 'etf').slice(0, etfCodesMax);
  const quotes = etfs.length > 0 ? await call('stock/quotes', { codes: etfs.map((instrument) => instrument.code) }, { silent: true }) : [];
  const quoteOf = new Map(quotes.map((quote) => [quote.code, quote]));
  return etfs.flatMap((instrument) => {
    const quote = quoteOf.get(instrument.code);
    return quote ? [{ instrument, quote }] : [];
  });
}

const loadFunds = () => call('fund/list', {}, { silent: true });

/**
 * The market's Funds tab: the exchange-traded funds of the instrument list (price and day change
 * live from the stream, the index each tracks, the lot the server trades them in), then the
 * strategy funds with their NAV and returns, each leading to its page.
 */
export function FundsPanel() {
  const { t } = useLingui();
  const etfs = useLoad(useCallback(loadEtfs, []));
  const funds = useLoad(useCallback(loadFunds, []));
  const reloadEtfs = etfs.reload;
  const reloadFunds = funds.reload;
  const pullPx = usePullToRefresh(
    useCallback(() => {
      reloadEtfs();
      reloadFunds();
    }, [reloadEtfs, reloadFunds]),
  );
  const codes = useMemo(() => (etfs.state.status === 'ready' ? etfs.state.data.map((row) => row.quote.code) : []), [etfs.state]);
  useWatch(codes);
  return (
    <MarketPanel pullPx={pullPx}>
      <section aria-labelledby="funds-etfs" data-testid="funds-etfs">
        <h2 id="funds-etfs" className={shared.note} style={{ fontWeight: 600, paddingTop: 12 }}>
          <Trans>Exchange-traded funds</Trans>
        </h2>
        <p className={shared.note}>
          <Trans>ETFs trade like shares, at market prices, in whole lots of the size shown on each (the lot an order is checked against).</Trans>
        </p>
        <LoadStates
          state={etfs.state}
          onRetry={etfs.reload}
          errorTitle={t`These quotes could not be loaded.`}
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState title={t`No funds listed`} text={t`No exchange-traded funds are available yet.`} />}
        >
          {(rows) => rows.map((row) => <EtfQuoteRow key={row.quote.code} row={row} />)}
        </LoadStates>
      </section>
      <section aria-labelledby="funds-strategy" data-testid="funds-strategy">
        <h2 id="funds-strategy" className={shared.note} style={{ fontWeight: 600, paddingTop: 12 }}>
          <Trans>Strategy funds</Trans>
        </h2>
        <p className={shared.note}>
          <Trans>Bought in rupees at the fund's next NAV, from its minimum purchase. Returns are what each fund really made; past results do not predict future ones.</Trans>
        </p>
        <LoadStates
          state={funds.state}
          onRetry={funds.reload}
          errorTitle={t`The strategy funds could not be loaded.`}
          skeleton={<SkeletonRows count={2} />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title={t`No strategy funds yet`} />}
        >
          {(list) => (
            <div className={fundingStyles.page}>
              {[...list.filter((fund) => isOngoing(fund.phase)), ...list.filter((fund) => !isOngoing(fund.phase))].map((fund) => (
                <StrategyFundRow key={fund.id} fund={fund} />
              ))}
              <Link to="/home/fllow" className={primaryStyles.pillLink} style={{ alignSelf: 'flex-start' }}>
                <Trans>All strategy funds and copy trading</Trans>
              </Link>
            </div>
          )}
        </LoadStates>
      </section>
    </MarketPanel>
  );
}

function EtfQuoteRow({ row }: { row: EtfRow }) {
  const { t } = useLingui();
  const lotText = useLotText();
  const trackedName = useTrackedName();
  const { instrument, quote } = row;
  const tracked = instrument.tracks ? trackedName(instrument.tracks) : null;
  const caption = [...(tracked ? [t`Tracks ${tracked}`] : []), lotText(instrument.lot)];
  return <QuoteRow code={quote.code} snapshot={quote} caption={caption} />;
}

function StrategyFundRow({ fund }: { fund: FundSummary }) {
  const labels = useFundLabels();
  const minimum = labels.money(fund.minimum_investment);
  return (
    <article className={fundingStyles.card} data-testid="funds-strategy-fund" data-fund-id={fund.id}>
      <Link to="/home/fllowDetail" search={{ fund_id: fund.id }} className={primaryStyles.cardLink}>
        <div className={fundingStyles.cardHead}>
          <h3 className={fundingStyles.cardTitle}>{fund.name}</h3>
          <FundBadges fund={fund} />
        </div>
        <span className={fundingStyles.muted}>{labels.strategyName[fund.strategy.key]}</span>
        <FundNav fund={fund} />
        <FundReturns fund={fund} withDay={false} />
        <span className={fundingStyles.muted}>
          <Trans>Minimum purchase {minimum}</Trans>
        </span>
      </Link>
    </article>
  );
}
