import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { PledgeListResponse } from '../../../../contract/pledge.ts';
import { call } from '../../../api/commandBus.ts';
import { LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import * as styles from '../../funding/funding.css.ts';
import { PledgeCard } from './PledgeCard.tsx';
import { PledgeForm } from './PledgeForm.tsx';
import { percentText, usePledgeLabels } from './pledgeLabels.ts';

/** Limits follow the market: the page asks again this often while it is open. */
export const pledgeRefreshMs = 5000;

/** /information/pledge: margin loans on pledged stock — the pledges, their live limit and loan-to-value, and a new request. */
export function PledgePage() {
  const { t } = useLingui();
  const load = useCallback(() => call('pledge/list', {}, { silent: true }), []);
  const { state, reload } = useLoad(load);
  const pullPx = usePullToRefresh(reload);
  useEffect(() => {
    const timer = setInterval(reload, pledgeRefreshMs);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={state} onRetry={reload} errorTitle={t`The pledges could not be loaded.`} skeleton={<SkeletonRows count={4} />}>
        {(list) => <PledgeScreen list={list} onChanged={reload} />}
      </LoadStates>
    </div>
  );
}

function PledgeScreen({ list, onChanged }: { list: PledgeListResponse; onChanged: () => void }) {
  const { t } = useLingui();
  const labels = usePledgeLabels();
  const { rules } = list;
  const warning = percentText(rules.warning_ltv_bps);
  const sale = percentText(rules.sale_ltv_bps);
  const minimum = labels.money(rules.minimum);
  return (
    <>
      <section className={styles.card} aria-label={t`How margin loans work`}>
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>
            <Trans>Borrow against your stock</Trans>
          </h2>
          <Link to="/information/loan">
            <Trans>Loans</Trans>
          </Link>
        </div>
        <p className={styles.muted} data-testid="pledge-rules">
          <Trans>
            Pledge fully paid NIFTY 50 stock and borrow up to its limit: market value less the haircut. Minimum {minimum}. At {warning} loan-to-value
            we message you; at {sale} pledged stock is sold to repay the loan.
          </Trans>
        </p>
      </section>

      {list.pledges.length > 0 ? (
        <section className={styles.stack} aria-label={t`Your pledges`}>
          {list.pledges.map((pledge) => (
            <PledgeCard key={pledge.id} pledge={pledge} rules={rules} onChanged={onChanged} />
          ))}
        </section>
      ) : null}

      <PledgeForm candidates={list.candidates} rules={rules} onPledged={onChanged} />
    </>
  );
}
