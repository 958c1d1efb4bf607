// Proves the rankings list renders the REST snapshot as rows (virtualised), says where the
// prices come from, and that a ranking chip asks the server for that ranking.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { marketStatusAnswer, quoteRow, recording } from '../testing/marketFixtures.ts';
import { RankingsPanel } from './RankingsPanel.tsx';

const Panel = () => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 640, itemHeight: 62 }}>
    <RankingsPanel />
  </VirtuosoMockContext.Provider>
);

const universe = Array.from({ length: 2000 }, (_, index) => quoteRow(`STOCK${index}`, { name: `Stock number ${index}` }));

describe('RankingsPanel', () => {
  it('renders-the-ranked-universe-as-rows-and-switches-ranking', async () => {
    const rank = recording('stock/rank', (body) =>
      body.type === 'losers' ? [quoteRow('LOSER', { name: 'Falling Co', change: '-5.00', changeRateBps: -200 })] : universe,
    );
    server.use(marketStatusAnswer, rank.handler);
    const { container } = renderPage(Panel, '/market/market');

    await waitFor(() => expect(container.querySelector('[data-code=STOCK0]')).not.toBeNull());
    // Virtualised: a screenful of rows exists, not 2,000.
    const rendered = container.querySelectorAll('[data-code]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    const first = container.querySelector('[data-code=STOCK0]') as HTMLElement;
    expect(within(first).getByText('Stock number 0')).toBeTruthy();
    expect(within(first).getByText('+1.08%')).toBeTruthy();
    expect(rank.bodies[0]).toEqual({ type: 'gainers', limit: 5000 });
    expect(await screen.findByText('Simulated · 24×7 demo session')).toBeTruthy();
    expect(screen.getByText('Prices and the top 200 are live from the stream; the full ranking refreshes every 10 s.')).toBeTruthy();

    fireEvent.click(container.querySelector('button[data-rank=losers]') as HTMLElement);
    await waitFor(() => expect(container.querySelector('[data-code=LOSER]')).not.toBeNull());
    expect(rank.bodies.at(-1)).toEqual({ type: 'losers', limit: 5000 });
    expect(within(container.querySelector('[data-code=LOSER]') as HTMLElement).getByText('-2.00%')).toBeTruthy();
  });
});
