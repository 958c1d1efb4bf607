import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import { call } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { Icon } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { EmptyState, LoadStates, PullIndicator } from '../../ui/LoadStates.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import * as styles from './funding.css.ts';

export type BankCard = ResponseOf<'user/bankList'>[number];

/** /information/bankList: the user's own bank accounts, where withdrawals are paid. */
export function BankListPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('user/bankList', {}, { silent: true }), []));
  // After a delete the server answers with the remaining accounts; they replace the loaded list.
  const [remaining, setRemaining] = useState<BankCard[] | null>(null);
  const [deleting, setDeleting] = useState<BankCard | null>(null);
  const refresh = () => {
    setRemaining(null);
    reload();
  };
  const pullPx = usePullToRefresh(refresh);

  const { busy, run: confirmDelete } = useSingleFlight(async () => {
    if (!deleting) return;
    const cards = await call('user/deleteBankCard', { id: deleting.id });
    setRemaining(cards);
    setDeleting(null);
    showToast(t`Bank account deleted`, { tone: 'success' });
  });

  const shownState = remaining !== null && state.status === 'ready' ? { status: 'ready' as const, data: remaining } : state;
  const addLink = (
    <Link to="/information/addBankCard" className={button.primary} data-action="add-card">
      <Icon name="plus" size={18} />
      <Trans>Add bank account</Trans>
    </Link>
  );

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={shownState}
        onRetry={refresh}
        errorTitle={t`Your bank accounts could not be loaded.`}
        isEmpty={(cards) => cards.length === 0}
        empty={<EmptyState icon="card" title={t`No bank account yet`} text={t`Add an account in your own name. Withdrawals are paid only to your own accounts.`} action={addLink} />}
      >
        {(cards) => (
          <>
            {cards.map((card) => (
              <BankCardView key={card.id} card={card} onDelete={() => setDeleting(card)} />
            ))}
            {addLink}
          </>
        )}
      </LoadStates>
      {deleting ? (
        <ConfirmSheet
          title={t`Delete this bank account?`}
          rows={[
            { label: t`Bank`, value: deleting.bank_name },
            { label: t`Account number`, value: deleting.account_no_masked },
            { label: t`IFSC`, value: deleting.ifsc },
          ]}
          note={<Trans>You can add it again later. Withdrawals already on their way are not affected.</Trans>}
          confirmLabel={t`Delete`}
          submitting={busy}
          onConfirm={confirmDelete}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

export function BankCardView({ card, onDelete }: { card: BankCard; onDelete?: () => void }) {
  const { t } = useLingui();
  const ifsc = card.ifsc;
  const bank = card.bank_name;
  const accountNumber = card.account_no_masked;
  return (
    <section className={styles.card} data-testid="bank-card" aria-label={`${card.bank_name} ${card.account_no_masked}`}>
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.cardTitle}>{card.bank_name}</h2>
          <span className={styles.muted}>{card.holder_name}</span>
        </div>
        <span className={styles.bigAmount} style={{ fontSize: 18 }}>
          {card.account_no_masked}
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>
          <Trans>IFSC {ifsc}</Trans>
        </span>
        <span>{card.branch}</span>
      </div>
      {onDelete ? (
        <Button variant="ghost" onClick={onDelete} aria-label={t`Delete ${bank} ${accountNumber}`} className={styles.dangerButton}>
          <Trans>Delete</Trans>
        </Button>
      ) : null}
    </section>
  );
}
