import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { fundRecordKinds } from '../../../../contract/funding.ts';
import { call } from '../../../api/commandBus.ts';
import { fundRecordsSearch } from '../../../app/routeSearch.ts';
import { statementLineSentence } from '../../../i18n/statementReasons.ts';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import { formatMoney } from '../../../ui/money.ts';
import { directionOfAmount } from '../../trading/orderLabels.ts';
import * as styles from '../funding.css.ts';
import { useFundingLabels } from '../fundingLabels.ts';
import { PagedList } from '../PagedList.tsx';
import { useFundRecordKindLabel } from './fundRecordLabels.ts';
import { StatementDownload } from './StatementDownload.tsx';

export type FundRecord = ResponseOf<'user/fundRecords'>['items'][number];
type FundRecordKind = (typeof fundRecordKinds)[number];

/** /information/fundRecord[?kind=deposit|withdrawal|trade]: every change to the user's cash, newest first. */
export function FundRecordsPage() {
  const { t } = useLingui();
  const { kind } = fundRecordsSearch.useSearch();
  const setSearch = fundRecordsSearch.useSetSearch();
  const chips: Record<FundRecordKind, string> = { all: t`All`, deposit: t`Deposits`, withdrawal: t`Withdrawals`, trade: t`Trades`, exchange: t`Exchanges` };
  const loadPage = useCallback((page: number) => call('user/fundRecords', { page, kind }, { silent: true }), [kind]);
  return (
    <div className={styles.listPage}>
      <div className={styles.chips} role="group" aria-label={t`Show`}>
        {fundRecordKinds.map((option) => (
          <button key={option} type="button" className={styles.chip} aria-pressed={kind === option} data-kind={option} onClick={() => setSearch({ kind: option })}>
            {chips[option]}
          </button>
        ))}
      </div>
      <StatementDownload />
      {/* A new filter is a new list: keyed so paging starts over. */}
      <PagedList
        key={kind}
        loadPage={loadPage}
        itemKey={fundRecordKey}
        renderItem={(record) => <FundRecordRow record={record} />}
        errorTitle={t`Your fund records could not be loaded.`}
        empty={
          <EmptyState
            icon="wallet"
            title={kind === 'all' ? t`No fund records yet` : t`Nothing of this kind yet`}
            text={t`Deposits, withdrawals, margins, fees and profits appear here.`}
          />
        }
      />
    </div>
  );
}

/** A line is one currency of a transfer: an exchange gives two lines with the same transfer id. */
export const fundRecordKey = (record: FundRecord): string => `${record.transfer_id}:${record.currency}`;

/** One line: its amounts in its own currency (₩ for won, whole units), the currency named beside the time. */
export function FundRecordRow({ record }: { record: FundRecord }) {
  const { i18n } = useLingui();
  const labels = useFundingLabels();
  const kindLabel = useFundRecordKindLabel();
  const signedMoney = (value: string) => formatMoney(value, record.currency, { sign: 'always' });
  const available = signedMoney(record.available_change);
  const frozen = signedMoney(record.frozen_change);
  const sentence = statementLineSentence(record, i18n);
  const title = kindLabel(record.kind, sentence);
  return (
    <div className={styles.row} data-testid="statement-line" data-kind={record.kind} data-currency={record.currency}>
      <div className={styles.rowTop}>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.amount[directionOfAmount(record.cash_change)]}>{signedMoney(record.cash_change)}</span>
      </div>
      {title === sentence ? null : <span className={styles.muted}>{sentence}</span>}
      <div className={styles.rowMeta}>
        <span data-testid="statement-line-currency">{record.currency}</span>
        <span>
          <Trans>Available {available}</Trans>
        </span>
        <span>
          <Trans>Frozen {frozen}</Trans>
        </span>
        <span>{labels.dateTime(record.created_at)}</span>
      </div>
    </div>
  );
}
