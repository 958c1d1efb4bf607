// Proves the fund records: the filter chips ask user/fundRecords for one kind and start the
// paging over; each line reads as a sentence in the reader's language (every reason kind, in
// Korean); "Load more" appends until the total; an empty kind says so; the CSV statement is
// fetched for the chosen IST days in the reader's language with the session headers and
// saved as a file, and a refusal is translated; an exchange is two lines, each in its currency.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementReasonKinds } from '../../../../contract/statementReasons.ts';
import { sampleMoneyText, sampleStatementParams } from '../../../../contract/testing/statementReasonSamples.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { startSession } from '../../auth/sessionStore.ts';
import { recording } from '../../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { fundRecordOf, pageOf } from '../testing/fundingFixtures.ts';
import { FundRecordsPage } from './FundRecordsPage.tsx';
import { thisMonthRange } from './statementCsv.ts';

afterEach(() => vi.restoreAllMocks());

const records = (from: number, count: number) => Array.from({ length: count }, (_, index) => fundRecordOf(from + index));

describe('FundRecordsPage', () => {
  it('filters-by-kind-and-labels-each-record', async () => {
    const list = recording('user/fundRecords', (body) =>
      body.kind === 'deposit'
        ? pageOf([fundRecordOf(50, {
            kind: 'deposit', cash_change: '25000.00', available_change: '25000.00', reason_kind: 'deposit_received',
            reason_params: { deposit_id: '501', amount: { amount: '2500000', currency: 'INR' }, channel: 'UPI Collect', reference: 'UTR1' },
          })])
        : pageOf([fundRecordOf(1, {
            kind: 'position_close', cash_change: '120.00', reason_kind: 'position_closed',
            reason_params: { order_no: '7', code: 'INFY', price: { amount: '160000', currency: 'INR' } },
          })]),
    );
    server.use(list.handler);
    const { router } = renderPage(FundRecordsPage, '/information/fundRecord');
    const line = await screen.findByTestId('statement-line');
    expect(line.textContent).toContain('Position closed');
    expect(line.textContent).toContain('Order 7: INFY position closed at ₹1,600.00');
    expect(line.textContent).toContain('+₹120.00');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Deposits' }));
    await waitFor(() => expect(screen.getByTestId('statement-line').textContent).toContain('+₹25,000.00'));
    expect(screen.getByTestId('statement-line').textContent).toContain('Deposit 501 received: ₹25,000.00 via UPI Collect, reference UTR1');
    expect(router.state.location.search).toEqual({ kind: 'deposit' });
    fireEvent.click(screen.getByRole('button', { name: 'Exchanges' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'exchange' }));
    expect(list.bodies).toEqual([
      { page: 1, kind: 'all' },
      { page: 1, kind: 'deposit' },
      { page: 1, kind: 'exchange' },
    ]);
  });

  it('a-korean-reader-sees-every-kind-of-line-as-a-korean-sentence-with-rupees-grouped-the-indian-way', async () => {
    await activateLocale('ko');
    const lines = statementReasonKinds.map((kind, index) => fundRecordOf(index + 1, { reason_kind: kind, reason_params: sampleStatementParams(kind) }));
    server.use(answerOk('user/fundRecords', pageOf(lines)));
    renderPage(FundRecordsPage, '/information/fundRecord');
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(statementReasonKinds.length));
    screen.getAllByTestId('statement-line').forEach((line, index) => {
      const text = line.textContent ?? '';
      expect(text, statementReasonKinds[index]).toContain(sampleMoneyText);
      expect(text, statementReasonKinds[index]).toMatch(/주문|입금|출금|모의|정정/);
      expect(text, statementReasonKinds[index]).not.toMatch(/Order|Deposit|Withdrawal|Demo|Correction|paise/);
    });
  });

  for (const locale of ['en', 'ko'] as const) {
    it(`an-exchange-reads-as-two-lines-each-in-its-own-currency-${locale}`, async () => {
      await activateLocale(locale);
      const reason = { reason_kind: 'fx_converted', reason_params: { quote_id: '9', sold: { amount: '100050', currency: 'INR' }, bought: { amount: '1620800', currency: 'KRW' }, rate: '16.2' } };
      server.use(
        answerOk('user/fundRecords', pageOf([
          fundRecordOf(9, { ...reason, kind: 'fx_convert', currency: 'INR', cash_change: '-1000.50', available_change: '-1000.50' }),
          fundRecordOf(9, { ...reason, kind: 'fx_convert', currency: 'KRW', cash_change: '16208', available_change: '16208', frozen_change: '0' }),
        ])),
      );
      renderPage(FundRecordsPage, '/information/fundRecord');
      await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(2));
      const [rupees, won] = screen.getAllByTestId('statement-line');
      expect(rupees!.textContent).toContain('-₹1,000.50');
      expect(won!.textContent).toContain('+₩16,208');
      expect(rupees!.textContent).toContain(locale === 'en' ? 'Currency exchange' : '환전');
      expect(won!.textContent).not.toMatch(/[+-]₹/);
      expect(screen.getAllByTestId('statement-line-currency').map((cell) => cell.textContent)).toEqual(['INR', 'KRW']);
    });
  }

  it('load-more-appends-the-next-page-until-the-total', async () => {
    const list = recording('user/fundRecords', (body) => (body.page === 1 ? pageOf(records(1, 10), 13) : pageOf(records(11, 3), 13, 2)));
    server.use(list.handler);
    renderPage(FundRecordsPage, '/information/fundRecord?kind=trade');
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(13));
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
    expect(list.bodies).toEqual([
      { page: 1, kind: 'trade' },
      { page: 2, kind: 'trade' },
    ]);
  });

  it('an-empty-kind-says-so', async () => {
    server.use(answerOk('user/fundRecords', pageOf([])));
    renderPage(FundRecordsPage, '/information/fundRecord?kind=withdrawal');
    expect(await screen.findByText('Nothing of this kind yet')).toBeTruthy();
  });

  it('downloads-this-months-statement-as-a-csv-and-a-pdf-file', async () => {
    startSession('token-9', '9000000001');
    const seen: { format: string | null; from: string | null; to: string | null; lang: string | null; token: string | null; account: string | null }[] = [];
    server.use(
      answerOk('user/fundRecords', pageOf([])),
      http.get('*/api/vue/user/statement.:format', ({ request }) => {
        const url = new URL(request.url);
        const query = url.searchParams;
        seen.push({ format: url.pathname.split('.').pop() ?? null, from: query.get('from'), to: query.get('to'), lang: query.get('lang'), token: request.headers.get('token'), account: request.headers.get('account') });
        return new HttpResponse('date,kind,change\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderPage(FundRecordsPage, '/information/fundRecord');
    fireEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV or PDF)' }));
    const range = thisMonthRange();
    expect((document.querySelector('input[name=from]') as HTMLInputElement).value).toBe(range.from);
    expect((document.querySelector('input[name=to]') as HTMLInputElement).value).toBe(range.to);
    expect(screen.getByTestId('statement-signed-note').textContent).toContain('public key on the About page');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Statement downloaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    const asked = { from: range.from, to: range.to, lang: 'en', token: 'token-9', account: '9000000001' };
    expect(seen).toEqual([{ format: 'csv', ...asked }, { format: 'pdf', ...asked }]);
    expect(clicks).toEqual([`ledgerline-statement-${range.from}-to-${range.to}.csv`, `ledgerline-statement-${range.from}-to-${range.to}.pdf`]);
  });

  it('a-reversed-range-is-refused-before-asking-and-a-server-refusal-is-translated', async () => {
    server.use(answerOk('user/fundRecords', pageOf([])), http.get('*/api/vue/user/statement.csv', () => HttpResponse.json({ status: 0, msg: 'invalid_field', data: null }, { status: 400 })));
    renderPage(FundRecordsPage, '/information/fundRecord');
    fireEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV or PDF)' }));
    fireEvent.change(document.querySelector('input[name=from]')!, { target: { value: '2026-11-20' } });
    fireEvent.change(document.querySelector('input[name=to]')!, { target: { value: '2026-11-10' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(document.querySelector('input[name=to]')!, { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Some details are not valid. Please check and try again.')).toBeTruthy();
  });
});
