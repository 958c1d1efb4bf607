// Proves the Forex tab lists each currency against the rupee with its rate, its source and
// its day change, draws the daily series of the pair tapped (lightweight-charts replaced by a
// recorder: happy-dom has no canvas), and says a staff-set rate has no daily history.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { answeringRates, inrRateOf } from '../../funding/testing/fundingFixtures.ts';
import { ForexPanel } from './ForexPanel.tsx';

const drawn = vi.hoisted(() => ({ series: [] as { time: number; value: number }[][] }));
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: (data: { time: number; value: number }[]) => drawn.series.push(data), applyOptions: () => undefined });
  return {
    createChart: () => ({ addSeries: series, timeScale: () => ({ fitContent: () => undefined }), applyOptions: () => undefined, remove: () => undefined }),
    AreaSeries: {},
    ColorType: { Solid: 'solid' },
  };
});

describe('ForexPanel', () => {
  it('lists-pairs-with-rate-source-and-day-change-and-charts-the-one-tapped', async () => {
    const asked: string[] = [];
    server.use(
      answeringRates([inrRateOf('USD', '85.3852648418', { day_change_bps: -14 }), inrRateOf('KRW', '0.0609724531', { day_change_bps: 27 }), inrRateOf('TWD', '2.8', { source: 'staff_setting', reference_day: null, day_change_bps: null })]).handler,
      http.post('*/api/vue/fx/history', async ({ request }) => {
        const { from } = (await request.json()) as { from: string };
        asked.push(from);
        const points = from === 'TWD' ? [] : [{ day: '2025-05-08', rate: '85.5' }, { day: '2025-05-09', rate: '85.38' }];
        return HttpResponse.json({ status: 1, msg: 'ok', data: { source: from === 'TWD' ? 'staff_setting' : 'ecb', points } });
      }),
    );
    renderPage(ForexPanel, '/market/index');
    const usd = await screen.findByTestId('fx-pair-USD');
    expect(usd.textContent).toContain('USD/INR');
    expect(usd.textContent).toContain('₹85.3852');
    expect(usd.textContent).toContain('ECB reference');
    expect(usd.textContent).toContain('-0.14%');
    expect(screen.getByTestId('fx-pair-TWD').textContent).toContain('Set by staff');
    await waitFor(() => expect(drawn.series.at(-1)?.map((point) => point.value)).toEqual([85.5, 85.38]));
    fireEvent.click(screen.getByTestId('fx-pair-TWD'));
    expect(await screen.findByText('No daily history: this rate is set by staff.')).toBeTruthy();
    expect(asked).toEqual(['USD', 'TWD']);
  });
});
