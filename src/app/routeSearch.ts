import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  adjustments,
  candlePeriods,
  courseLessonIds,
  digitIdPattern,
  fundRecordKinds,
  instrumentCodePattern,
  orderSides,
  rankTypes,
  recordIdPattern,
} from '../../contract/constants.ts';
import type { CandlePeriod } from '../../contract/market.ts';

// Screen state that should survive a reload or be shared (the stock code, the chart period,
// the open tab) lives in the URL's search params. Each route that reads them declares their
// schema here: the route table hands it to the router (validateSearch) and the page reads
// the typed values through the same handle (`orderSheetSearch.useSearch()`). Old links and
// typos must not crash a page: a missing or malformed value reads as its default.
//
// Plain functions, not zod: the route table and so this module are in the app's entry, and
// zod would add about 25 KB gzipped to every first load (tests/checks/bundleBudget.test.ts).
// The rules are the contract's own patterns (contract/constants.ts), which its zod schemas use too.

/** Reads one search param: never throws, a missing or malformed value gives the default. */
type SearchField<Value> = (raw: unknown) => Value;

/** The router parses "?code=500325" as the number 500325: numbers and text alike are read as text. */
function searchText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return String(raw);
  return undefined;
}

/** One of `options`; anything else (an old link, a typo) reads as `fallback`. */
function oneOf<const Options extends readonly [string, ...string[]]>(options: Options, fallback: Options[number]): SearchField<Options[number]> {
  return (raw) => (typeof raw === 'string' && (options as readonly string[]).includes(raw) ? (raw as Options[number]) : fallback);
}

/** One of `options`, or absent. */
function optionalOneOf<const Options extends readonly [string, ...string[]]>(options: Options): SearchField<Options[number] | undefined> {
  return (raw) => (typeof raw === 'string' && (options as readonly string[]).includes(raw) ? (raw as Options[number]) : undefined);
}

/** Text that matches the contract's `pattern` (so the page asks the server only what it would accept), after `normalize`; otherwise absent. */
function optionalText(pattern: RegExp, normalize: (text: string) => string = (text) => text): SearchField<string | undefined> {
  return (raw) => {
    const text = searchText(raw);
    if (text === undefined) return undefined;
    const normalized = normalize(text);
    return pattern.test(normalized) ? normalized : undefined;
  };
}

/** Text cut to `length`; absent or malformed reads as empty. */
function clippedText(length: number): SearchField<string> {
  return (raw) => searchText(raw)?.slice(0, length) ?? '';
}

/** An instrument code as the server reads it (contract/market.ts instrumentCode): trimmed, upper case. */
const instrumentCode = optionalText(instrumentCodePattern, (code) => code.trim().toUpperCase());
/** A record id (contract/paging.ts idString). */
const recordId = optionalText(recordIdPattern);
/** An order number or an article id (contract: orderNumberRequest, newsDetailRequest). */
const digitId = optionalText(digitIdPattern);

type SearchShape = Record<string, SearchField<unknown>>;
export type SearchValues<Shape extends SearchShape> = { [Key in keyof Shape]: ReturnType<Shape[Key]> };

export type RouteSearch<Shape extends SearchShape> = {
  shape: Shape;
  /** For the router's validateSearch. */
  schema: { parse: (search: Record<string, unknown>) => SearchValues<Shape> };
  /** The typed values in the current URL, defaults filled in. */
  useSearch: () => SearchValues<Shape>;
  /** Replaces some values in place (no new history entry: switching a tab is not navigation). */
  useSetSearch: () => (patch: Partial<SearchValues<Shape>>) => void;
};

/** What the route table keeps of any route's handle: the schema it gives the router. */
export type AnyRouteSearch = { schema: { parse: (search: Record<string, unknown>) => Record<string, unknown> } };

function routeSearch<Shape extends SearchShape>(shape: Shape): RouteSearch<Shape> {
  const schema = {
    // Only the declared params, each read by its field; an absent optional one is left out.
    parse: (search: Record<string, unknown>) => {
      const values: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const value = field(search[key]);
        if (value !== undefined) values[key] = value;
      }
      return values as SearchValues<Shape>;
    },
  };
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
export const registerSearch = routeSearch({ invite_code: clippedText(32) });
/** /login/resetPassword?account=9876543210: the number the code was asked for, carried from the forgot-password page. */
export const resetPasswordSearch = routeSearch({ account: clippedText(10) });

/** The rankings on /market/index (its Quotes tab) and /market/market: ?rank=losers. */
export const rankingSearch = routeSearch({ rank: oneOf(rankTypes, 'gainers') });
/** /market/index?tab=funds */
export const marketSearch = routeSearch({ tab: oneOf(marketTabs, 'quotes'), ...rankingSearch.shape });

/** The chart on a stock's or an index's page: ?period=5m&adjust=none. */
export const chartSearch = routeSearch({ period: oneOf(candlePeriods, defaultChartPeriod), adjust: oneOf(adjustments, 'forward') });
/** /market/stockDetail?code=RELIANCE and /market/stockDetailzs?code=NIFTY50, with their chart. */
export const instrumentSearch = routeSearch({ code: instrumentCode, ...chartSearch.shape });

/** /market/marketBuy?code=RELIANCE[&side=short]: the order sheet. */
export const orderSheetSearch = routeSearch({ code: instrumentCode, side: oneOf(orderSides, 'long') });
/** /trade/positionDetail?order_no=42 (and positionDetail2). */
export const orderDetailSearch = routeSearch({ order_no: digitId });

/** /market/vip?tab=allocations: the VIP page's tab (the live analytics, or the level and the allocations). */
export const vipTabs = ['analytics', 'allocations'] as const;
export type VipTab = (typeof vipTabs)[number];
export const vipSearch = routeSearch({ tab: oneOf(vipTabs, 'analytics') });

/** /home/newsDetail?id=42 */
export const newsArticleSearch = routeSearch({ id: digitId });

/** /home/newStock?tab=upcoming: the IPO list's tab. */
export const ipoTabs = ['open', 'upcoming', 'closed', 'listed'] as const;
export type IpoTab = (typeof ipoTabs)[number];
export const ipoListSearch = routeSearch({ tab: oneOf(ipoTabs, 'open') });
/** /home/newStockBuy?ipo_id=7: one issue, its application form and its draw. */
export const ipoSearch = routeSearch({ ipo_id: recordId });
/** /home/newStockPsBuy?placement_id=3: one placement or rights issue and its application form. */
export const placementSearch = routeSearch({ placement_id: recordId });
/** /home/blockTradeDetail?block_id=3: one block of the block-trade desk and its buy form. */
export const blockSearch = routeSearch({ block_id: recordId });
/** /home/fllowDetail?fund_id=2: one strategy fund, its NAV, strategy, positions and orders, and following it. */
export const fundSearch = routeSearch({ fund_id: recordId });

/** /information/fundRecord?kind=trade */
export const fundRecordsSearch = routeSearch({ kind: oneOf(fundRecordKinds, 'all') });
/** /information/recharge?tab=history, or ?channel=4 from the list of deposit channels. */
export const depositSearch = routeSearch({ tab: oneOf(depositTabs, 'deposit'), channel: recordId });

/** /home/qcList?lesson=nav reads one lesson; ?view=exam is the exam; neither is the list of lessons. */
export const courseViews = ['lessons', 'exam'] as const;
export const courseSearch = routeSearch({ lesson: optionalOneOf(courseLessonIds), view: oneOf(courseViews, 'lessons') });
