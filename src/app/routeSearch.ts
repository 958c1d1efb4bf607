import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { courseLessonIds } from '../../contract/course.ts';
import { fundRecordKinds } from '../../contract/funding.ts';
import { adjustments, type CandlePeriod, candlePeriods, instrumentCode, newsDetailRequest, rankTypes } from '../../contract/market.ts';
import { idString } from '../../contract/paging.ts';
import { orderNumberRequest, orderSides } from '../../contract/trading.ts';

// Screen state that should survive a reload or be shared (the stock code, the chart period,
// the open tab) lives in the URL's search params. Each route that reads them declares their
// schema here: the route table hands it to the router (validateSearch) and the page reads
// the typed values through the same handle (`orderSheetSearch.useSearch()`). Old links and
// typos must not crash a page: a missing or malformed value reads as its default.

/** The router parses "?code=500325" as the number 500325: numbers and text alike are read as text. */
const searchText = z.union([z.string(), z.number().refine(Number.isSafeInteger).transform(String)]);

/** One of `options`; anything else (an old link, a typo) reads as `fallback`. */
function oneOf<const Options extends readonly [string, ...string[]]>(options: Options, fallback: Options[number]) {
  return z.enum(options).catch(fallback);
}

/** Text that passes `schema` (from the contract, so the page asks the server only what it would accept); otherwise absent. */
function optionalText(schema: z.ZodType<string, string>) {
  return searchText.pipe(schema).optional().catch(undefined);
}

export type RouteSearch<Shape extends z.ZodRawShape> = {
  shape: Shape;
  /** For the router's validateSearch. */
  schema: z.ZodObject<Shape>;
  /** The typed values in the current URL, defaults filled in. */
  useSearch: () => z.output<z.ZodObject<Shape>>;
  /** Replaces some values in place (no new history entry: switching a tab is not navigation). */
  useSetSearch: () => (patch: Partial<z.output<z.ZodObject<Shape>>>) => void;
};

/** What the route table keeps of any route's handle: the schema it gives the router. */
export type AnyRouteSearch = { schema: z.ZodType<Record<string, unknown>> };

function routeSearch<Shape extends z.ZodRawShape>(shape: Shape): RouteSearch<Shape> {
  const schema = z.object(shape);
  return {
    shape,
    schema,
    // Not `from` one route: a panel (the rankings, the chart) serves several routes, and a page
    // tested on its own has no such route. Parsing again is cheap and keeps the type honest.
    useSearch: () => {
      const search: Record<string, unknown> = useSearch({ strict: false });
      return useMemo(() => schema.parse(search), [search]);
    },
    useSetSearch: () => {
      const navigate = useNavigate();
      const router = useRouter();
      return useCallback(
        (patch) => {
          // From the URL as written, not the validated values: defaults the reader never chose stay out of the link.
          void navigate({ to: '.', search: { ...router.state.location.search, ...patch }, replace: true });
        },
        [navigate, router],
      );
    },
  };
}

export const marketTabs = ['quotes', 'funds', 'featured', 'indicators', 'issues', 'forex'] as const;
export type MarketTab = (typeof marketTabs)[number];
export const depositTabs = ['deposit', 'history'] as const;
/** Today's minute line first, as Kite and Groww open a stock: what is it doing right now? */
export const defaultChartPeriod: CandlePeriod = 'time_share';

/** /login/register?invite_code=DEMO100: an advisor's link may carry the invitation code. */
export const registerSearch = routeSearch({ invite_code: searchText.transform((code) => code.slice(0, 32)).catch('') });
/** /login/resetPassword?account=9876543210: the number the code was asked for, carried from the forgot-password page. */
export const resetPasswordSearch = routeSearch({ account: searchText.transform((account) => account.slice(0, 10)).catch('') });

/** The rankings on /market/index (its Quotes tab) and /market/market: ?rank=losers. */
export const rankingSearch = routeSearch({ rank: oneOf(rankTypes, 'gainers') });
/** /market/index?tab=funds */
export const marketSearch = routeSearch({ tab: oneOf(marketTabs, 'quotes'), ...rankingSearch.shape });

/** The chart on a stock's or an index's page: ?period=5m&adjust=none. */
export const chartSearch = routeSearch({ period: oneOf(candlePeriods, defaultChartPeriod), adjust: oneOf(adjustments, 'forward') });
/** /market/stockDetail?code=RELIANCE and /market/stockDetailzs?code=NIFTY50, with their chart. */
export const instrumentSearch = routeSearch({ code: optionalText(instrumentCode), ...chartSearch.shape });

/** /market/marketBuy?code=RELIANCE[&side=short]: the order sheet. */
export const orderSheetSearch = routeSearch({ code: optionalText(instrumentCode), side: oneOf(orderSides, 'long') });
/** /trade/positionDetail?order_no=42 (and positionDetail2). */
export const orderDetailSearch = routeSearch({ order_no: optionalText(orderNumberRequest.shape.order_no) });

/** /market/vip?tab=allocations: the VIP page's tab (the live analytics, or the level and the allocations). */
export const vipTabs = ['analytics', 'allocations'] as const;
export type VipTab = (typeof vipTabs)[number];
export const vipSearch = routeSearch({ tab: oneOf(vipTabs, 'analytics') });

/** /home/newsDetail?id=42 */
export const newsArticleSearch = routeSearch({ id: optionalText(newsDetailRequest.shape.id) });

/** /home/newStock?tab=upcoming: the IPO list's tab. */
export const ipoTabs = ['open', 'upcoming', 'closed', 'listed'] as const;
export type IpoTab = (typeof ipoTabs)[number];
export const ipoListSearch = routeSearch({ tab: oneOf(ipoTabs, 'open') });
/** /home/newStockBuy?ipo_id=7: one issue, its application form and its draw. */
export const ipoSearch = routeSearch({ ipo_id: optionalText(idString) });
/** /home/newStockPsBuy?placement_id=3: one placement or rights issue and its application form. */
export const placementSearch = routeSearch({ placement_id: optionalText(idString) });
/** /home/blockTradeDetail?block_id=3: one block of the block-trade desk and its buy form. */
export const blockSearch = routeSearch({ block_id: optionalText(idString) });
/** /home/fllowDetail?fund_id=2: one strategy fund, its NAV, strategy, positions and orders, and following it. */
export const fundSearch = routeSearch({ fund_id: optionalText(idString) });

/** /information/fundRecord?kind=trade */
export const fundRecordsSearch = routeSearch({ kind: oneOf(fundRecordKinds, 'all') });
/** /information/recharge?tab=history, or ?channel=4 from the list of deposit channels. */
export const depositSearch = routeSearch({ tab: oneOf(depositTabs, 'deposit'), channel: optionalText(idString) });

/** /home/qcList?lesson=nav reads one lesson; ?view=exam is the exam; neither is the list of lessons. */
export const courseViews = ['lessons', 'exam'] as const;
export const courseSearch = routeSearch({ lesson: z.enum(courseLessonIds).optional().catch(undefined), view: oneOf(courseViews, 'lessons') });
