// Proves Home's credit overview: score, level, limit and borrowed from credit/overview, the
// link to borrow, a skeleton while it loads and a retry when it fails.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/renderPage.tsx';
import { CreditOverviewCard } from './CreditOverviewCard.tsx';
import { overviewOf } from './testing/lendingFixtures.ts';

describe('CreditOverviewCard', () => {
  it('shows-score-level-limit-borrowed-and-the-way-to-borrow', async () => {
    renderPage(() => <CreditOverviewCard state={{ status: 'ready', data: overviewOf({ score: 905, level: 'excellent', limit: '500000.00', borrowed: '120000.00' }) }} onRetry={() => {}} />, '/home/index');
    expect((await screen.findByTestId('home-credit-score')).textContent).toBe('905');
    expect(screen.getByTestId('home-credit-level').textContent).toBe('Excellent');
    expect(screen.getByTestId('home-credit-limit').textContent).toBe('₹5,00,000.00');
    expect(screen.getByTestId('home-credit-borrowed').textContent).toBe('₹1,20,000.00');
    expect(screen.getByRole('link', { name: 'Go to borrow' }).getAttribute('href')).toContain('/information/loan');
  });

  it('offers-a-retry-when-the-overview-fails', async () => {
    const retry = vi.fn();
    renderPage(() => <CreditOverviewCard state={{ status: 'failed' }} onRetry={retry} />, '/home/index');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
