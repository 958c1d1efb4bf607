// Proves the position detail shows a closed order's realised P&L and its margin-call close
// reason, and that the statement appends the next page on "Load more" until a short page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { PositionDetailPage } from './PositionDetailPage.tsx';
import { StatementPage } from './StatementPage.tsx';
import { orderOf } from './testing/tradingFixtures.ts';

const line = (id: number) => ({ transfer_id: String(id), kind: 'margin', reason: `Posting ${id}`, cash_change: '-10.00', available_change: '-10.00', frozen_change: '0.00', created_at: '2026-11-23T04:00:00.000Z' });

describe('position detail and statement', () => {
  it('a-margin-call-close-shows-its-reason-and-realised-pnl', async () => {
    server.use(answerOk('order/detail', orderOf({ order_no: '77', status: 'closed', realised_pnl: '-250.50', close_reason: 'margin_call', close_price: '75.00' })));
    renderPage(PositionDetailPage, '/trade/positionDetail?order_no=77');
    expect((await screen.findByTestId('close-reason')).textContent).toBe('Closed automatically: margin call');
    expect(screen.getByTestId('realised-pnl').textContent).toBe('-₹250.50');
    expect(screen.getByTestId('order-status').textContent).toBe('Closed');
    expect(document.querySelector('button[data-action=close-position]')).toBeNull();
  });

  it('load-more-appends-the-next-page-until-a-short-one', async () => {
    const statement = recording('user/statement', (body) => (body.page === 1 ? [line(1), line(2)] : [line(3)]));
    server.use(statement.handler);
    renderPage(StatementPage, '/information/fundRecord');
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(3));
    expect(screen.getByText('No more records')).toBeTruthy();
    expect(statement.bodies).toEqual([{ page: 1 }, { page: 2 }]);
  });
});
