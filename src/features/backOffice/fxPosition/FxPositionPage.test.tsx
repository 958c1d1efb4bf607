// Proves the back office's FX position lists the house FX balance of each currency in its own
// money with its rupee worth, and the net total.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { FxPositionPage } from './FxPositionPage.tsx';

describe('FxPositionPage', () => {
  it('shows-each-currency-in-its-own-money-with-its-rupee-worth', async () => {
    server.use(
      answerOk('admin/fx/position', {
        rows: [
          { currency: 'INR', balance: '100000.00', inr_equivalent: '100000.00' },
          { currency: 'KRW', balance: '-1631800', inr_equivalent: '-99493.00' },
          { currency: 'VND', balance: '0', inr_equivalent: null },
        ],
        inr_total: '507.00',
      }),
    );
    renderPage(FxPositionPage, '/admin/fx');
    expect(await screen.findAllByText('₹1,00,000.00')).toHaveLength(2);
    expect(screen.getByText('-₩1,631,800')).toBeTruthy();
    expect(screen.getByText('no rate')).toBeTruthy();
    expect(screen.getByText(/Net worth of the position at today's reference rates: ₹507.00/)).toBeTruthy();
  });
});
