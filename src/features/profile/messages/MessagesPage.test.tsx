// Proves the messages screen writes each message as a sentence, marks unread ones, marks one
// read on tap and all read on "Mark all read", links a margin call to its order, appends
// the next page on "Load more", shows an empty state, and shows a refusal in words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { MessagesPage } from './MessagesPage.tsx';
import { unreadMessagesState } from './unreadMessages.ts';

type Message = ResponseOf<'user/messages'>['items'][number];

const message = (id: number, kind: string, params: Record<string, string | number>, read = false): Message => ({
  id: String(id),
  kind,
  params,
  created_at: '2026-11-23T04:30:00.000Z',
  read_at: read ? '2026-11-23T05:00:00.000Z' : null,
});

const firstPage: ResponseOf<'user/messages'> = {
  items: [
    message(12, 'margin_call', { order_no: '4711', code: 'INFY' }),
    message(11, 'deposit_approved', { amount: '5000.00' }),
    message(10, 'kyc_rejected', { reason: 'Photo unreadable' }, true),
  ],
  total: 4,
  page: 1,
  page_size: 10,
  unread: 3,
};

beforeEach(() => {
  unreadMessagesState.count = null;
});

describe('MessagesPage', () => {
  it('writes-each-message-as-a-sentence-and-marks-the-unread-ones', async () => {
    server.use(answerOk('user/messages', firstPage));
    renderPage(MessagesPage, '/information/msgInfo');
    expect(await screen.findByText('Your position in INFY was closed automatically: its equity fell to the maintenance level.')).toBeTruthy();
    expect(screen.getByText('Your deposit of ₹5,000.00 was approved and added to your balance.')).toBeTruthy();
    const rows = screen.getAllByTestId('message');
    expect(rows.map((row) => row.dataset.unread)).toEqual(['true', 'true', 'false']);
    expect(screen.getByTestId('unread-count').textContent).toBe('3 unread');
    // The router writes string search values JSON-quoted, as on every other link to an order.
    const href = decodeURIComponent(within(rows[0]!).getByRole('link', { name: 'View order 4711' }).getAttribute('href') ?? '');
    expect(href).toBe('/trade/positionDetail?order_no="4711"');
  });

  it('tapping-an-unread-message-marks-it-read-and-lowers-the-badge-count', async () => {
    const read = recording('user/messageRead', () => ({ unread: 2 }));
    server.use(answerOk('user/messages', firstPage), read.handler);
    renderPage(MessagesPage, '/information/msgInfo');
    fireEvent.click(await screen.findByText('Your deposit of ₹5,000.00 was approved and added to your balance.'));
    await waitFor(() => expect(screen.getAllByTestId('message')[1]!.dataset.unread).toBe('false'));
    expect(read.bodies).toEqual([{ id: '11' }]);
    expect(unreadMessagesState.count).toBe(2);
    // A message already read is not sent again.
    fireEvent.click(screen.getByText(/was not approved: Photo unreadable/));
    expect(read.bodies).toHaveLength(1);
  });

  it('mark-all-read-clears-every-unread-mark', async () => {
    const read = recording('user/messageRead', () => ({ unread: 0 }));
    server.use(answerOk('user/messages', firstPage), read.handler);
    renderPage(MessagesPage, '/information/msgInfo');
    const markAll = (await screen.findByRole('button', { name: 'Mark all read' })) as HTMLButtonElement;
    // Enabled once the page's unread count has reached the shared store.
    await waitFor(() => expect(markAll.disabled).toBe(false));
    fireEvent.click(markAll);
    await waitFor(() => expect(screen.getByTestId('unread-count').textContent).toBe('All read'));
    expect(read.bodies).toEqual([{ all: true }]);
    expect(screen.getAllByTestId('message').every((row) => row.dataset.unread === 'false')).toBe(true);
    expect(await screen.findByText('All messages marked as read.')).toBeTruthy();
  });

  it('load-more-appends-the-next-page-until-the-total', async () => {
    const pages = recording('user/messages', (body) =>
      body.page === 2 ? { ...firstPage, items: [message(9, 'withdrawal_paid', { amount: '100.00' }, true)], page: 2 } : firstPage,
    );
    server.use(pages.handler);
    renderPage(MessagesPage, '/information/msgInfo');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Your withdrawal of ₹100.00 was paid to your bank account.')).toBeTruthy();
    expect(screen.getAllByTestId('message')).toHaveLength(4);
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
    expect(pages.bodies).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('no-messages-shows-the-empty-state', async () => {
    server.use(answerOk('user/messages', { items: [], total: 0, page: 1, page_size: 10, unread: 0 }));
    renderPage(MessagesPage, '/information/msgInfo');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('a-refused-mark-read-is-shown-in-words-and-the-message-stays-unread', async () => {
    server.use(answerOk('user/messages', firstPage), answerRefusal('user/messageRead', 'message_not_found'));
    renderPage(MessagesPage, '/information/msgInfo');
    fireEvent.click(await screen.findByText('Your deposit of ₹5,000.00 was approved and added to your balance.'));
    expect(await screen.findByText('No such message.')).toBeTruthy();
    expect(screen.getAllByTestId('message')[1]!.dataset.unread).toBe('true');
  });

  it('a-failed-load-offers-retry', async () => {
    server.use(answerRefusal('user/messages', 'system_busy'));
    renderPage(MessagesPage, '/information/msgInfo');
    expect(await screen.findByText('Your messages could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
  });
});
