// Proves the position detail shows a closed order's realised P&L and its margin-call close
// reason. (The statement moved to src/features/funding/records with the fund records.)
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { PositionDetailPage } from './PositionDetailPage.tsx';
import { orderOf } from './testing/tradingFixtures.ts';

describe('position detail', () => {
  it('a-margin-call-close-shows-its-reason-and-realised-pnl', async () => {
    server.use(answerOk('order/detail', orderOf({ order_no: '77', status: 'closed', realised_pnl: '-250.50', close_reason: 'margin_call', close_price: '75.00' })));
    renderPage(PositionDetailPage, '/trade/positionDetail?order_no=77');
    expect((await screen.findByTestId('close-reason')).textContent).toBe('Closed automatically: margin call');
    expect(screen.getByTestId('realised-pnl').textContent).toBe('-₹250.50');
    expect(screen.getByTestId('order-status').textContent).toBe('Closed');
    expect(document.querySelector('button[data-action=close-position]')).toBeNull();
  });
});
