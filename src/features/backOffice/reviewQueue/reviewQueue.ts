import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { useStaffFormat } from '../shared/format.ts';
import type { Tone, useBackOfficeLabels } from '../shared/labels.ts';
import type { ReviewButtonsProps } from '../shared/ReviewButtons.tsx';
import type { Paged } from '../shared/Table.tsx';

// A review queue as data: what to list and how to filter it, its columns, the panel that shows
// one item and the decisions on it. ReviewQueuePage draws every queue from this (the list with
// its status filter and pager, the refresh every 15 s and on return to the window, the panel);
// the KYC, deposit and withdrawal queues are each one such object, and so are the next ones.
// Texts are message descriptors, translated when drawn, so a queue is a plain constant.

/** What a queue's cells and facts write with: the staff's formats, the back office's words and the queue's statuses. */
export type QueueView<Status extends string> = {
  format: ReturnType<typeof useStaffFormat>;
  labels: ReturnType<typeof useBackOfficeLabels>;
  statusLabel: (status: Status) => string;
  statusBadge: (status: Status) => ReactNode;
};

export type QueueRow<Status extends string> = { id: string; status: Status };

export type QueueColumn<Row, Status extends string> = {
  header: MessageDescriptor;
  cell: (row: Row, view: QueueView<Status>) => ReactNode;
  numeric?: boolean;
};

/** One line of the panel's facts (term and value); `shownWhen` leaves it out for rows it does not apply to. */
export type QueueFact<Row, Status extends string> = {
  term: MessageDescriptor;
  value: (row: Row, view: QueueView<Status>) => ReactNode;
  shownWhen?: (row: Row) => boolean;
  testId?: string;
};

/** Approve and Reject as this staff member may take them on this row (ReviewButtons without onReviewed). */
export type QueueDecisions = Omit<ReviewButtonsProps, 'onReviewed'>;

export interface ReviewQueue<Row extends QueueRow<Status>, Status extends string> {
  /** The list's accessible name, and what its load failure and empty state say. */
  texts: { list: MessageDescriptor; loadFailed: MessageDescriptor; empty: MessageDescriptor };
  statuses: readonly Status[];
  /** The filter a reviewer starts from: the items waiting for a decision. */
  waitingStatus: Status;
  statusLabels: (labels: QueueView<Status>['labels']) => Record<Status, string>;
  statusTones: Record<Status, Tone>;
  /** Asks the server for one page; `status` is left out for "All". */
  list: (query: { page: number; status?: Status }, options: { silent: boolean }) => Promise<Paged<Row>>;
  columns: readonly QueueColumn<Row, Status>[];
  panel: {
    /** The panel's accessible name ("Withdrawal"). */
    label: MessageDescriptor;
    heading: (row: Row, view: QueueView<Status>) => ReactNode;
    facts: readonly QueueFact<Row, Status>[];
    /** Uploaded images shown under the facts (fetched with the staff session). */
    images?: readonly { label: MessageDescriptor; uploadId: (row: Row) => string }[];
  };
  /**
   * A hook: the decisions on the open row, or null when nothing is left to decide. It may keep
   * state (an input only an approval needs) and read the session (four-eyes).
   */
  useDecisions: (row: Row) => QueueDecisions | null;
}

// Pieces every queue so far shares. Generic, so each takes its queue's row and status types.

export const accountColumn = <Row extends { account: string }, Status extends string>(): QueueColumn<Row, Status> => ({
  header: msg`Mobile number`,
  cell: (row) => row.account,
});

export const statusColumn = <Row extends QueueRow<Status>, Status extends string>(): QueueColumn<Row, Status> => ({
  header: msg`Status`,
  cell: (row, view) => view.statusBadge(row.status),
});

export const accountFact = <Row extends { account: string }, Status extends string>(): QueueFact<Row, Status> => ({
  term: msg`Mobile number`,
  value: (row) => row.account,
});

export const statusFact = <Row extends QueueRow<Status>, Status extends string>(): QueueFact<Row, Status> => ({
  term: msg`Status`,
  value: (row, view) => view.statusBadge(row.status),
});

export const reviewedByFact = <Row extends { reviewer: string | null; reviewed_at: string | null }, Status extends string>(): QueueFact<Row, Status> => ({
  term: msg`Reviewed by`,
  value: (row, view) => `${row.reviewer}, ${view.format.dateTime(row.reviewed_at)}`,
  shownWhen: (row) => Boolean(row.reviewer),
});

export const reasonFact = <Row extends { reason: string | null }, Status extends string>(): QueueFact<Row, Status> => ({
  term: msg`Reason`,
  value: (row) => row.reason,
  shownWhen: (row) => Boolean(row.reason),
});
