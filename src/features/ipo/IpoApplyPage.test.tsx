// Proves the application form: lots from 1 to the cap, the amount held as price × lots × lot,
// one key per intent sent once, "₹X held" after success; and the draw section before and after.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { refusing, userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { IpoApplyPage } from './IpoApplyPage.tsx';
import { applicationOf, drawOf, issueOf } from './testing/ipoFixtures.ts';

const detail = (changes: Parameters<typeof issueOf>[0] = {}, applications = [] as ReturnType<typeof applicationOf>[], draw: ReturnType<typeof drawOf> | null = null) =>
  answerOk('ipo/detail', { issue: issueOf(changes), applications, draw });

describe('IpoApplyPage', () => {
  it('applies-for-lots-within-the-cap-once-and-shows-the-amount-held', async () => {
    const apply = recording('ipo/apply', (body) => applicationOf({ lots: body.lots, shares_applied: body.lots * 30, amount_held: '45000.00' }));
    server.use(detail({ max_lots: 3 }), answerOk('user/info', userInfoOf()), apply.handler);
    renderPage(IpoApplyPage, '/home/newStockBuy?ipo_id=7');
    expect((await screen.findByTestId('ipo-hold')).textContent).toBe('₹15,000.00');
    expect(screen.getByTestId('ipo-available').textContent).toBe('₹9,87,654.32');
    expect(screen.getByText('The amount is held, not debited, until the draw.', { exact: false })).toBeTruthy();
    const more = screen.getByRole('button', { name: 'One lot more' });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(more).toHaveProperty('disabled', true);
    expect(screen.getByTestId('ipo-lots').textContent).toBe('3 lots · 90 shares');
    expect(screen.getByTestId('ipo-hold').textContent).toBe('₹45,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-hold').textContent).toBe('₹45,000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apply.bodies).toHaveLength(1));
    expect(apply.bodies[0]).toMatchObject({ ipo_id: '7', lots: 3 });
    expect(apply.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect((await screen.findByTestId('ipo-applied')).textContent).toContain('₹45,000.00 held for 90 shares.');
    // The commitment is shown while the issue is open.
    expect(screen.getByTestId('ipo-commitment').textContent).toBe('a'.repeat(64));
  });

  it('translates-a-refusal-and-returns-to-the-form', async () => {
    const apply = refusing('ipo/apply', 'subscription_ended');
    server.use(detail(), answerOk('user/info', userInfoOf()), apply.handler);
    renderPage(IpoApplyPage, '/home/newStockBuy?ipo_id=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(apply.bodies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Subscription for this IPO has ended.')).toBeTruthy();
  });

  it('after-the-draw-shows-its-inputs-files-and-the-users-pseudonym-and-rank', async () => {
    const won = applicationOf({ state: 'won', shares_allotted: 30, pseudonym: 'f'.repeat(16), draw_rank: 2 });
    server.use(detail({ state: 'allotted' }, [won], drawOf()), answerOk('user/info', userInfoOf()));
    renderPage(IpoApplyPage, '/home/newStockBuy?ipo_id=7');
    expect((await screen.findByTestId('draw-summary')).textContent).toContain('3 of 12 applications won.');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getByTestId('draw-server-seed').textContent).toBe('b'.repeat(64));
    expect(screen.getByTestId('draw-public-value').textContent).toBe('25891.40 (NIFTY 50 close on 2026-11-24)');
    const files = screen.getAllByTestId('draw-file');
    expect(files.map((file) => file.textContent)).toEqual(['draw.json', 'applications.csv', 'result.csv']);
    expect(files[0]!.getAttribute('href')).toBe('/api/public/ipo/7/draw.json');
    expect(files[0]!.hasAttribute('download')).toBe(true);
    const mine = screen.getByTestId('draw-mine').textContent;
    expect(mine).toContain('f'.repeat(16));
    expect(mine).toContain('rank 2 in the draw order');
    expect(mine).toContain('Won');
    expect(screen.getByTestId('draw-verify-command').textContent).toBe('npx tsx scripts/verify-draw.ts DIR');
  });
});
