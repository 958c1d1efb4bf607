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
} as const;

export type Api = typeof api;
export type ApiPath = keyof Api;
export type RequestOf<P extends ApiPath> = z.input<Api[P]['request']>;
export type ParsedRequestOf<P extends ApiPath> = z.output<Api[P]['request']>;
export type ResponseOf<P extends ApiPath> = z.output<Api[P]['response']>;
