import { http, HttpResponse } from 'msw';
import type { ApiPath, RequestOf, ResponseOf } from '../../../../contract/api.ts';
import type { QuoteRow } from '../../../../contract/market.ts';
import { answerOk } from '../../../test/mswServer.ts';

// Builders for the market screens' component tests: quote rows as the server sends them,
// and MSW handlers that record what the page asked for.

export function quoteRow(code: string, overrides: Partial<QuoteRow> = {}): QuoteRow {
  return {
    code,
    name: `${code} Ltd`,
    kind: 'equity',
    currency: 'INR',
    industry: 'Information Technology',
    last: '2456.35',
    open: '2440.00',
    prevClose: '2430.00',
    high: '2470.10',
    low: '2431.55',
    change: '26.35',
    changeRateBps: 108,
    volume: 1_234_567,
    turnover: '3032145678.90',
    marketCap: '1660000000000.00',
    upperBand: '2673.00',
    lowerBand: '2187.00',
    time: Date.UTC(2026, 10, 23, 8, 30),
    ...overrides,
  };
}

export const marketStatusAnswer = answerOk('market/status', {
  source: { kind: 'simulated', date: null, calendar: 'always_open' },
  phase: 'open',
  rankRefreshSeconds: 10,
  instrumentCount: 2100,
});

/** Answers `path` with `answer(body)` and keeps every request body it saw. */
export function recording<P extends ApiPath>(path: P, answer: (body: RequestOf<P>) => ResponseOf<P>) {
  const bodies: RequestOf<P>[] = [];
  const handler = http.post(`*/api/vue/${path}`, async ({ request }) => {
    const body = (await request.json()) as RequestOf<P>;
    bodies.push(body);
    return HttpResponse.json({ status: 1, msg: 'ok', data: answer(body) });
  });
  return { handler, bodies };
}
