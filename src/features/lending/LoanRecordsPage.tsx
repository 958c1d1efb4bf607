import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { LoanEvent, LoanView } from '../../../contract/lending.ts';
import { listPageSize } from '../../../contract/paging.ts';
import { call } from '../../api/commandBus.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { EmptyState, LoadStates } from '../../ui/LoadStates.tsx';
import { usePagedList } from '../../ui/usePagedList.ts';
import * as styles from '../funding/funding.css.ts';
import { PagedList } from '../funding/PagedList.tsx';
import * as lendingStyles from './lending.css.ts';
import { loanTone, useLendingLabels } from './lendingLabels.ts';

const loadLoans = (page: number) => call('loan/list', { page }, { silent: true });

/** /information/jkjl: every loan, newest first, 10 a page; each opens to its record of interest and repayments. */
export function LoanRecordsPage() {
  const { t } = useLingui();
  return (
    <PagedList
      loadPage={loadLoans}
      itemKey={(loan) => loan.id}
      renderItem={(loan) => <LoanRow loan={loan} />}
      errorTitle={t`Your loans could not be loaded.`}
      empty={
        <EmptyState
          icon="wallet"
          title={t`No loans yet`}
          text={t`Loans you take appear here with every day's interest and every repayment.`}
          action={
            <Link to="/information/loan">
              <Trans>Borrow</Trans>
            </Link>
          }
        />
      }
    />
  );
}

function LoanRow({ loan }: { loan: LoanView }) {
  const labels = useLendingLabels();
  const [open, setOpen] = useState(false);
  const principal = labels.money(loan.principal);
  const interest = labels.money(loan.interest_accrued);
  const repaid = labels.money(loan.repaid);
  const rate = labels.yearlyRate(loan.annual_rate_bps);
  return (
    <div className={styles.row} data-testid="loan-row" data-status={loan.status}>
      <div className={styles.rowTop}>
        <span className={styles.rowTitle}>
          {labels.loanKind[loan.kind]} · {loan.id}
        </span>
        <span className={styles.badge[loanTone[loan.status]]}>{labels.loanStatus[loan.status]}</span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>Borrowed {principal}</Trans>
        </span>
        <span>
          <Trans>Interest {interest}</Trans>
        </span>
        <span>
          <Trans>Repaid {repaid}</Trans>
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>{loan.borrowed_on}</span>
        <span>{rate}</span>
        {loan.status === 'open' ? (
          <span data-testid="loan-row-outstanding">
            <Trans>Owed {labels.money(loan.outstanding)}</Trans>
          </span>
        ) : null}
      </div>
      <button type="button" className={lendingStyles.toggle} aria-expanded={open} onClick={() => setOpen((shown) => !shown)} data-action="loan-records">
        {open ? <Trans>Hide its record</Trans> : <Trans>Show its record</Trans>}
      </button>
      {open ? <LoanEvents loanId={loan.id} /> : null}
    </div>
  );
}

function LoanEvents({ loanId }: { loanId: string }) {
  const { t } = useLingui();
  const loadPage = useCallback(async (page: number) => (await call('loan/detail', { loan_id: loanId, page }, { silent: true })).events, [loanId]);
  const list = usePagedList<LoanEvent>(loadPage, { pageSize: listPageSize, keyOf: (event) => `${event.kind}:${event.at}` });
  return (
    <LoadStates state={list.state} onRetry={list.reload} errorTitle={t`This loan's record could not be loaded.`}>
      {(events) => (
        <>
          <ul className={lendingStyles.eventList} aria-label={t`Loan record`}>
            {events.map((event) => (
              <EventRow key={`${event.kind}:${event.at}`} event={event} />
            ))}
          </ul>
          <ListFooter list={list} />
        </>
      )}
    </LoadStates>
  );
}

function EventRow({ event }: { event: LoanEvent }) {
  const labels = useLendingLabels();
  const when = event.kind === 'interest' ? event.at : labels.dateTime(event.at);
  const interest = event.interest === null ? null : labels.money(event.interest);
  const principal = event.principal === null ? null : labels.money(event.principal);
  const onPrincipal = event.on_principal === null ? null : labels.money(event.on_principal);
  return (
    <li className={lendingStyles.eventRow} data-testid="loan-event" data-kind={event.kind}>
      <span>
        <strong>{labels.eventKind[event.kind]}</strong> · {when}
        {interest !== null && principal !== null ? (
          <>
            <br />
            <span className={styles.muted}>
              <Trans>
                Interest {interest} · principal {principal}
              </Trans>
            </span>
          </>
        ) : null}
        {onPrincipal !== null ? (
          <>
            <br />
            <span className={styles.muted}>
              <Trans>On {onPrincipal}</Trans>
            </span>
          </>
        ) : null}
      </span>
      <span className={lendingStyles.eventAmount}>{labels.money(event.amount)}</span>
    </li>
  );
}
