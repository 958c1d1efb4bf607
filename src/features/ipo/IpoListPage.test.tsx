// Proves the IPO list: issues sorted into tabs by state, each card's band, minimum investment in
// Indian grouping, subscription and Demo label, a withdrawn issue's reason, and the empty state.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOk } from '../../test/mswServer.ts';
import { server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { IpoListPage } from './IpoListPage.tsx';
import { issueOf } from './testing/ipoFixtures.ts';

describe('IpoListPage', () => {
  it('shows-open-issues-with-band-minimum-investment-subscription-and-demo-label', async () => {
    server.use(answerOk('ipo/list', [issueOf(), issueOf({ id: '8', state: 'upcoming', demo: false, price_low: null, issuer: 'Next Co' })]));
    renderPage(IpoListPage, '/home/newStock');
    const cards = await screen.findAllByTestId('ipo-card');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(within(card).getByTestId('ipo-price').textContent).toBe('₹475.00–₹500.00');
    expect(within(card).getByTestId('ipo-minimum').textContent).toBe('₹15,000.00');
    expect(within(card).getByTestId('ipo-subscription').textContent).toBe('12.34×');
    expect(within(card).getByTestId('ipo-demo').textContent).toBe('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Upcoming' }));
    const upcoming = await screen.findByText('Next Co', { exact: false });
    expect(upcoming).toBeTruthy();
    expect(screen.queryByTestId('ipo-demo')).toBeNull();
  });

  it('a-withdrawn-issue-shows-its-reason-under-closed', async () => {
    server.use(answerOk('ipo/list', [issueOf({ state: 'withdrawn', withdrawn_reason: 'SEBI observation pending' })]));
    renderPage(IpoListPage, '/home/newStock?tab=closed');
    expect((await screen.findByTestId('ipo-withdrawn-reason')).textContent).toBe('Withdrawn: SEBI observation pending');
  });

  it('says-no-ipos-are-open-when-none-are', async () => {
    server.use(answerOk('ipo/list', [issueOf({ state: 'listed' })]));
    renderPage(IpoListPage, '/home/newStock');
    expect(await screen.findByText('No IPOs open right now')).toBeTruthy();
  });
});
