import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { nomineeShareTotalMax } from '../../../../contract/profile.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import { EmptyState, ErrorState, PullIndicator } from '../../../ui/LoadStates.tsx';
import * as styles from '../profile.css.ts';
import { relationshipLabels } from './nomineeLabels.ts';
import { NomineeForm } from './NomineeForm.tsx';

type NomineeList = ResponseOf<'user/nomineeList'>;
type Nominee = NomineeList['items'][number];

/** /information/beneficiary: who receives the account's holdings, with what share; add and remove nominees. */
export function NomineesPage() {
  const { t } = useLingui();
  const loaded = useLoad(useCallback(() => call('user/nomineeList', {}, { silent: true }), []));
  // Answers of add and delete replace the loaded list until the next refresh.
  const [changed, setChanged] = useState<NomineeList | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Nominee | null>(null);
  const refresh = () => {
    setChanged(null);
    loaded.reload();
  };
  const pullPx = usePullToRefresh(refresh);

  if (loaded.state.status === 'loading') return <NomineesSkeleton />;
  if (loaded.state.status === 'failed') return <ErrorState title={t`Your nominees could not be loaded.`} onRetry={loaded.reload} />;
  const list = changed ?? loaded.state.data;
  const showForm = adding || list.items.length === 0;

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <ShareSummary list={list} />
      {list.items.length === 0 ? (
        <EmptyState
          icon="user"
          title={t`No nominees yet`}
          text={t`Name the people who should receive your holdings and money if something happens to you, and the share each one receives.`}
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {list.items.map((nominee) => (
            <NomineeCard key={nominee.id} nominee={nominee} onRemove={() => setRemoving(nominee)} />
          ))}
        </ul>
      )}
      {showForm && list.share_remaining > 0 ? (
        <NomineeForm
          key={list.items.length}
          shareRemaining={list.share_remaining}
          onAdded={(next) => {
            setChanged(next);
            setAdding(false);
          }}
          onCancel={list.items.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : null}
      {!showForm && list.share_remaining > 0 ? (
        <Button block onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          <Trans>Add a nominee</Trans>
        </Button>
      ) : null}
      {list.share_remaining === 0 ? (
        <p className={styles.muted}>
          <Trans>All 100% is assigned. To add another nominee, first remove one.</Trans>
        </p>
      ) : null}
      {removing ? (
        <RemoveNomineeSheet
          nominee={removing}
          onDone={(next) => {
            setRemoving(null);
            if (next) setChanged(next);
          }}
        />
      ) : null}
    </div>
  );
}

function ShareSummary({ list }: { list: NomineeList }) {
  const { t } = useLingui();
  const total = list.share_total;
  const remaining = list.share_remaining;
  return (
    <section className={styles.card} aria-label={t`Nominee shares`}>
      <div className={styles.cardHead}>
        <span className={styles.muted}>
          <Trans>Shares assigned</Trans>
        </span>
        <span className={styles.figure} data-testid="share-total">
          {total}% / {nomineeShareTotalMax}%
        </span>
      </div>
      <div className={styles.shareBar} role="progressbar" aria-valuemin={0} aria-valuemax={nomineeShareTotalMax} aria-valuenow={total}>
        <div className={styles.shareFill} style={{ width: `${total}%` }} />
      </div>
      <p className={styles.muted}>{remaining > 0 ? <Trans>You can still assign {remaining}%.</Trans> : <Trans>Every share is assigned.</Trans>}</p>
    </section>
  );
}

function NomineeCard({ nominee, onRemove }: { nominee: Nominee; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  const relationship = i18n._(relationshipLabels[nominee.relationship]);
  const name = nominee.name;
  return (
    <li className={styles.card} data-testid="nominee">
      <div className={styles.cardHead}>
        <div>
          <h2 className={styles.cardTitle}>{nominee.name}</h2>
          <span className={styles.muted}>{relationship}</span>
        </div>
        <span className={styles.figure}>{nominee.share}%</span>
      </div>
      <dl className={styles.details}>
        <dt className={styles.detailLabel}>{nominee.id_type === 'pan' ? t`PAN` : t`Aadhaar`}</dt>
        <dd className={styles.detailValue}>{nominee.id_number_masked}</dd>
        <dt className={styles.detailLabel}>{t`Mobile`}</dt>
        <dd className={styles.detailValue}>+91 {nominee.phone}</dd>
      </dl>
      <Button variant="ghost" onClick={onRemove} aria-label={t`Remove ${name}`} style={{ alignSelf: 'flex-end' }}>
        <Trans>Remove</Trans>
      </Button>
    </li>
  );
}

function RemoveNomineeSheet({ nominee, onDone }: { nominee: Nominee; onDone: (list: NomineeList | null) => void }) {
  const { t } = useLingui();
  const remove = useSingleFlight(async () => {
    const list = await call('user/deleteNominee', { id: nominee.id });
    showToast(t`Nominee removed.`, { tone: 'success' });
    onDone(list);
  });
  const name = nominee.name;
  const share = nominee.share;
  return (
    <div className={styles.sheetBackdrop} onClick={remove.busy ? undefined : () => onDone(null)}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="remove-nominee-title" onClick={(event) => event.stopPropagation()}>
        <h2 id="remove-nominee-title" className={styles.sheetTitle}>
          <Trans>Remove {name} as a nominee?</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>Their share of {share}% becomes unassigned. You can add a nominee again at any time.</Trans>
        </p>
        <div className={styles.sheetActions}>
          <Button variant="secondary" onClick={() => onDone(null)} disabled={remove.busy} style={{ flex: 1 }}>
            <Trans>Keep</Trans>
          </Button>
          <Button onClick={remove.run} busy={remove.busy} style={{ flex: 1 }} data-action="confirm-remove">
            <Trans>Remove</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}

function NomineesSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <Skeleton width="100%" height={96} radius={16} />
      <Skeleton width="100%" height={140} radius={16} />
    </div>
  );
}
