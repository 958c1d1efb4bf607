import { Trans, useLingui } from '@lingui/react/macro';
import { call } from '../../../api/commandBus.ts';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { formatMoney } from '../../../ui/money.ts';
import * as styles from '../shared/backOffice.css.ts';
import { RowsTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

/**
 * /admin/fx: the firm's FX position. Every exchange takes one currency into the firm's FX
 * account and pays the other out of it, so these balances are what the firm holds (positive)
 * or has paid out (negative) in each currency, with their rupee worth at today's reference rate.
 */
export function FxPositionPage() {
  const { t } = useLingui();
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/fx/position', {}, { silent }), []);
  return (
    <LoadStates
      state={state}
      onRetry={reload}
      errorTitle={t`The FX position could not be loaded.`}
      skeleton={<SkeletonRows count={4} />}
      isEmpty={(position) => position.rows.length === 0}
      empty={<EmptyState icon="globe" title={t`No exchanges yet`} text={t`The position appears after the first currency exchange.`} />}
    >
      {(position) => {
        const total = formatMoney(position.inr_total, 'INR');
        return (
          <>
            <RowsTable
              label={t`FX position by currency`}
              rows={position.rows}
              rowKey={(row) => row.currency}
              columns={[
                { header: t`Currency`, cell: (row) => <strong>{row.currency}</strong> },
                { header: t`Balance`, numeric: true, cell: (row) => formatMoney(row.balance, row.currency) },
                { header: t`Worth in rupees`, numeric: true, cell: (row) => (row.inr_equivalent === null ? t`no rate` : formatMoney(row.inr_equivalent, 'INR')) },
              ]}
            />
            <p className={styles.muted}>
              <Trans>Net worth of the position at today's reference rates: {total}. Positive: the firm holds it; negative: the firm has paid it out.</Trans>
            </p>
          </>
        );
      }}
    </LoadStates>
  );
}
