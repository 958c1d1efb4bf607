// Proves the records: each application's state, shares, held, paid and released amounts; a
// pending application of an open issue is withdrawn after a confirmation, once, with a key.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { pageOf } from '../funding/testing/fundingFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { IpoRecordsPage } from './IpoRecordsPage.tsx';
import { applicationOf, issueOf } from './testing/ipoFixtures.ts';

describe('IpoRecordsPage', () => {
  it('shows-each-application-and-withdraws-a-pending-one-of-an-open-issue', async () => {
    const withdraw = recording('ipo/withdraw', () => applicationOf({ state: 'withdrawn', amount_released: '30000.00' }));
    const notWon = applicationOf({ id: '30', ipo_id: '6', state: 'not_won', amount_released: '30000.00' });
    server.use(answerOk('ipo/list', [issueOf()]), answerOk('ipo/applications', pageOf([applicationOf(), notWon])), withdraw.handler);
    renderPage(IpoRecordsPage, '/home/newStockRecord');
    const rows = await screen.findAllByTestId('ipo-application');
    expect(rows.map((row) => within(row).getByTestId('ipo-application-state').textContent)).toEqual(['To be drawn', 'Not won']);
    expect(within(rows[0]!).getByTestId('ipo-application-held').textContent).toBe('Held ₹30,000.00');
    expect(within(rows[1]!).getByTestId('ipo-application-released').textContent).toBe('Released ₹30,000.00');
    await waitFor(() => expect(within(rows[0]!).getByRole('button', { name: 'Withdraw' })).toBeTruthy());
    expect(within(rows[1]!).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdraw.bodies).toHaveLength(1));
    expect(withdraw.bodies[0]).toMatchObject({ application_id: '31' });
    expect(withdraw.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });

  it('says-there-are-no-applications-yet', async () => {
    server.use(answerOk('ipo/list', []), answerOk('ipo/applications', pageOf([])));
    renderPage(IpoRecordsPage, '/home/newStockRecord');
    expect(await screen.findByText('No IPO applications yet')).toBeTruthy();
  });
});
