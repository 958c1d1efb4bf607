// Proves when the market stream starts: only once a signed-in page has rendered, so on a
// phone's first load its worker never competes with the page's chunks; and never for a visitor.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../features/auth/sessionStore.ts';
import { renderApp } from './testing/renderApp.tsx';

const streamStarts = vi.hoisted(() => ({ pageOnScreen: [] as boolean[] }));
vi.mock('../features/market/stream/marketStore.ts', () => ({
  // What a start sees: whether the page had rendered by then.
  startMarketStream: () => streamStarts.pageOnScreen.push(document.body.textContent?.includes('Coming soon') ?? false),
}));

describe('market stream start', () => {
  it('starts-after-a-signed-in-page-has-rendered', async () => {
    streamStarts.pageOnScreen.length = 0;
    startSession('token', '9000000001');
    renderApp('/market/marketQuestion');
    expect(await screen.findByText('Coming soon. We are still building this part of Ledgerline.')).toBeTruthy();
    await waitFor(() => expect(streamStarts.pageOnScreen.length).toBeGreaterThan(0));
    expect(streamStarts.pageOnScreen.every(Boolean)).toBe(true);
  });

  it('never-starts-for-a-visitor', async () => {
    streamStarts.pageOnScreen.length = 0;
    const router = renderApp('/information/recharge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login'));
    expect(await screen.findByRole('button', { name: 'Customer service' })).toBeTruthy();
    expect(streamStarts.pageOnScreen).toEqual([]);
  });
});
