// Proves the preference page: the radar with one labelled point per axis, the table of figures in
// their units and scores, the profile with the spec's allocation tip and the not-advice statement;
// the simulated-history label when the answer includes it; before three months, the days left and
// the day it opens; a retry when it fails.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { PreferencePage } from './PreferencePage.tsx';
import { notYetOf, radarOf } from './testing/preferenceFixtures.ts';

describe('PreferencePage', () => {
  it('draws-the-radar-the-six-measures-the-profile-its-tip-and-says-it-is-not-advice', async () => {
    server.use(recording('profile/preference', () => radarOf()).handler);
    renderPage(PreferencePage, '/information/pj');
    const radar = await screen.findByTestId('preference-radar');
    const chart = within(radar).getByRole('img');
    expect(chart.querySelectorAll('circle')).toHaveLength(6);
    // A long label wraps onto two lines, with the score under it.
    const label = chart.querySelector('[data-axis="losses_cut_early"]')!;
    expect(Array.from(label.querySelectorAll('tspan')).map((line) => line.textContent)).toEqual(['Losses', 'cut early', '52']);
    expect(screen.queryByTestId('preference-simulated')).toBeNull();

    const rows = screen.getAllByTestId('preference-axis');
    expect(rows.map((row) => row.getAttribute('data-axis'))).toEqual(['holding_period', 'turnover', 'leverage', 'concentration', 'losses_cut_early', 'volatility']);
    const figure = (axis: string) => within(rows.find((row) => row.getAttribute('data-axis') === axis)!).getByTestId('preference-axis-figure').textContent;
    expect(figure('holding_period')).toBe('6.2 days');
    expect(figure('turnover')).toBe('4.57× equity a month');
    expect(figure('losses_cut_early')).toBe('48.1%');
    expect(figure('volatility')).toBe('No price history');
    expect(rows[4]!.textContent).toContain('Cutting losses is careful, so a high share scores low.');

    const profile = screen.getByTestId('preference-profile');
    expect(profile.getAttribute('data-profile')).toBe('balanced');
    expect(profile.textContent).toContain('Balanced');
    expect(screen.getAllByTestId('allocation-tip').map((tip) => tip.textContent)).toEqual(['Equity30%', 'Structured products30%']);
    expect(screen.getByTestId('allocation-rest').textContent).toBe('This tip covers 60% of a portfolio; the rest is left to you.');
    expect(screen.getByTestId('preference-not-advice').textContent).toContain('General information, not advice.');
  });

  it('labels-a-radar-that-counts-simulated-demo-history', async () => {
    server.use(recording('profile/preference', () => radarOf({
      includes_simulated: true, simulated_trades: 44, simulated_prices: { from: '2025-06-03', to: '2025-09-30', real: true },
    })).handler);
    renderPage(PreferencePage, '/information/pj');
    const label = await screen.findByTestId('preference-simulated');
    expect(label.textContent).toContain('Includes simulated demo history: 44 simulated trades');
    expect(label.textContent).toContain('real NSE closing prices of 3 Jun 2025 – 30 Sept 2025');
  });

  it('before-three-months-says-how-many-days-remain-and-from-when', async () => {
    server.use(recording('profile/preference', () => notYetOf()).handler);
    renderPage(PreferencePage, '/information/pj');
    const waiting = await screen.findByTestId('preference-unavailable');
    expect(screen.getByTestId('preference-days-remaining').textContent).toBe('Available in 66 days');
    expect(waiting.textContent).toContain('From 2 Feb 2027: 3 calendar months after your first trade');
    expect(waiting.textContent).toContain('orders still pending or cancelled do not count');
    expect(screen.queryByTestId('preference-radar')).toBeNull();
  });

  it('without-a-trade-says-the-months-start-with-the-first-one', async () => {
    server.use(recording('profile/preference', () => notYetOf({ first_trade_at: null, available_from: null, days_remaining: null })).handler);
    renderPage(PreferencePage, '/information/pj');
    expect((await screen.findByTestId('preference-unavailable')).textContent).toContain('You have no filled trade yet. The 3 months start with your first one.');
  });

  it('offers-a-retry-when-it-cannot-load', async () => {
    server.use(answerRefusal('profile/preference', 'system_busy'));
    renderPage(PreferencePage, '/information/pj');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    server.use(recording('profile/preference', () => radarOf()).handler);
    fireEvent.click(retry);
    expect(await screen.findByTestId('preference-radar')).toBeTruthy();
  });
});
