// Proves a review queue is a configuration: a queue the back office does not have yet (loan
// applications) is one object, and the page lists its waiting items first with its columns,
// opens one in a panel with the facts that apply to it, offers its decisions only while the
// item waits, and sends a decision with the reviewer's reason before listing again.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastState } from '../../../app/toastStore.ts';
import { pageOf } from '../testing/backOfficeFixtures.ts';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { accountColumn, accountFact, reasonFact, type ReviewQueue, statusColumn, statusFact } from './reviewQueue.ts';

type LoanStatus = 'waiting' | 'granted' | 'declined';
type LoanRow = { id: string; account: string; amount: string; status: LoanStatus; reason: string | null };

function loanQueue(rows: LoanRow[]) {
  const listed: { page: number; status?: LoanStatus }[] = [];
  const sent: { id: string; decision: string; reason: string }[] = [];
  const queue: ReviewQueue<LoanRow, LoanStatus> = {
    texts: { list: msg`Loan applications`, loadFailed: msg`The loan applications could not be loaded.`, empty: msg`No loan applications` },
    statuses: ['waiting', 'granted', 'declined'],
    waitingStatus: 'waiting',
    statusLabels: () => ({ waiting: 'Waiting', granted: 'Granted', declined: 'Declined' }),
    statusTones: { waiting: 'warn', granted: 'good', declined: 'bad' },
    list: async (query) => {
      listed.push(query);
      return pageOf(rows.filter((row) => query.status === undefined || row.status === query.status));
    },
    columns: [accountColumn(), { header: msg`Amount`, cell: (row, { format }) => format.money(row.amount), numeric: true }, statusColumn()],
    panel: { label: msg`Loan application`, heading: (row, { format }) => format.money(row.amount), facts: [accountFact(), statusFact(), reasonFact()] },
    useDecisions: (row) =>
      row.status !== 'waiting'
        ? null
        : {
            approve: { title: 'Grant this loan?', summary: null, confirmLabel: 'Grant', done: 'Loan granted' },
            reject: { title: 'Decline this loan?', summary: null, confirmLabel: 'Decline', done: 'Loan declined' },
            send: async (decision, reason) => {
              sent.push({ id: row.id, decision, reason });
            },
          },
  };
  return { queue, listed, sent };
}

const renderQueue = (queue: ReviewQueue<LoanRow, LoanStatus>) =>
  render(
    <I18nProvider i18n={i18n}>
      <ReviewQueuePage queue={queue} />
    </I18nProvider>,
  );

const waiting: LoanRow = { id: '71', account: '9000000001', amount: '150000.00', status: 'waiting', reason: null };
const declined: LoanRow = { id: '72', account: '9000000002', amount: '90000.00', status: 'declined', reason: 'Income not shown' };

describe('a review queue from its configuration', () => {
  it('lists-the-waiting-items-first-and-opens-one-with-its-facts-and-decisions', async () => {
    const loans = loanQueue([waiting, declined]);
    renderQueue(loans.queue);
    const row = (await screen.findAllByTestId('row'))[0]!;
    expect(loans.listed[0]).toEqual({ page: 1, status: 'waiting' });
    expect(screen.getByRole('table', { name: 'Loan applications' })).toBeTruthy();
    expect(row.textContent).toBe('9000000001₹1,50,000.00Waiting');

    fireEvent.click(row);
    const panel = await screen.findByRole('region', { name: 'Loan application' });
    expect(within(panel).getByRole('heading').textContent).toBe('₹1,50,000.00');
    // No reason yet: that fact is left out.
    expect([...panel.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Mobile number', 'Status']);
    expect(within(panel).getByRole('button', { name: 'Approve…' })).toBeTruthy();
  });

  it('a-decided-item-shows-its-reason-and-offers-no-decision', async () => {
    const loans = loanQueue([waiting, declined]);
    renderQueue(loans.queue);
    await screen.findAllByTestId('row');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(loans.listed.at(-1)).toEqual({ page: 1 }));
    fireEvent.click(await screen.findByText('9000000002'));
    const panel = await screen.findByRole('region', { name: 'Loan application' });
    expect(within(panel).getByText('Income not shown')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve…' })).toBeNull();
  });

  it('a-decision-is-sent-with-the-reason-then-the-panel-closes-and-the-queue-lists-again', async () => {
    const loans = loanQueue([waiting]);
    renderQueue(loans.queue);
    fireEvent.click((await screen.findAllByTestId('row'))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Salary slips match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
    // Toasts are drawn by the app's shell, which this page is rendered without: read the store.
    await waitFor(() => expect(toastState.toasts.map((toast) => toast.text)).toEqual(['Loan granted']));
    expect(loans.sent).toEqual([{ id: '71', decision: 'approve', reason: 'Salary slips match' }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Loan application' })).toBeNull());
    await waitFor(() => expect(loans.listed).toHaveLength(2));
  });
});
