import { z } from 'zod';
import {
  emptyRequest,
  loginRequest,
  loginResponse,
  registerRequest,
  registerResponse,
  userInfoResponse,
} from './accounts.ts';
import { siteConfigRequest, siteConfigResponse } from './siteConfig.ts';
import {
  breadthResponse,
  codeRequest,
  codesRequest,
  industryStats,
  instrumentListResponse,
  klineRequest,
  klineResponse,
  marketStatusResponse,
  newsDetailRequest,
  newsDetailResponse,
  newsListRequest,
  newsListResponse,
  quoteRows,
  rankRequest,
  searchHits,
  searchRequest,
  shortSaleRows,
  stockDetailResponse,
} from './market.ts';
import {
  order,
  orderList,
  orderListRequest,
  orderNumberRequest,
  placeOrderRequest,
  statementRequest,
  statementResponse,
  tradingRulesResponse,
} from './trading.ts';
import { watchlistRequest, watchlistResponse } from './watchlist.ts';


// The one table of REST operations. Keys are paths under /api/vue/. The server
// registers a route per entry and validates with `request`; the app's command bus
// is typed from the same entries, so a renamed field breaks both at compile time.

const nothing = z.null();

export const api = {
  'common/config': { auth: false, request: siteConfigRequest, response: siteConfigResponse },
  'user/register': { auth: false, request: registerRequest, response: registerResponse },
  'user/login': { auth: false, request: loginRequest, response: loginResponse },
  'user/logout': { auth: true, request: emptyRequest, response: nothing },
  'user/info': { auth: true, request: emptyRequest, response: userInfoResponse },
  'user/Optionallist': { auth: true, request: watchlistRequest, response: watchlistResponse },
  'user/addOptional': { auth: true, request: codeRequest, response: watchlistResponse },
  'user/delOptional': { auth: true, request: codeRequest, response: watchlistResponse },
  // market data
  'market/status': { auth: true, request: emptyRequest, response: marketStatusResponse },
  'market/instruments': { auth: true, request: emptyRequest, response: instrumentListResponse },
  'market/indices': { auth: true, request: emptyRequest, response: quoteRows },
  'market/industries': { auth: true, request: emptyRequest, response: industryStats },
  'market/breadth': { auth: true, request: emptyRequest, response: breadthResponse },
  'market/shortSales': { auth: true, request: emptyRequest, response: shortSaleRows },
  'stock/detail': { auth: true, request: codeRequest, response: stockDetailResponse },
  'stock/quotes': { auth: true, request: codesRequest, response: quoteRows },
  'stock/kline': { auth: true, request: klineRequest, response: klineResponse },
  'stock/rank': { auth: true, request: rankRequest, response: quoteRows },
  'stock/search': { auth: true, request: searchRequest, response: searchHits },
  'stock/searchHistory': { auth: true, request: emptyRequest, response: searchHits },
  'stock/clearSearchHistory': { auth: true, request: emptyRequest, response: nothing },
  'news/list': { auth: true, request: newsListRequest, response: newsListResponse },
  'news/detail': { auth: true, request: newsDetailRequest, response: newsDetailResponse },
  // trading
  'trade/rules': { auth: true, request: emptyRequest, response: tradingRulesResponse },
  'order/place': { auth: true, request: placeOrderRequest, response: order },
  'order/cancel': { auth: true, request: orderNumberRequest, response: order },
  'order/close': { auth: true, request: orderNumberRequest, response: order },
  'order/detail': { auth: true, request: orderNumberRequest, response: order },
  'order/list': { auth: true, request: orderListRequest, response: orderList },
  'user/statement': { auth: true, request: statementRequest, response: statementResponse },
} as const;

export type Api = typeof api;
export type ApiPath = keyof Api;
export type RequestOf<P extends ApiPath> = z.input<Api[P]['request']>;
export type ParsedRequestOf<P extends ApiPath> = z.output<Api[P]['request']>;
export type ResponseOf<P extends ApiPath> = z.output<Api[P]['response']>;
