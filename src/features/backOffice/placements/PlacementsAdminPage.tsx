import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminPlacementRow, adminPlacementSaveRequest, type PlacementState } from '../../../../contract/placement.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { fromIstInput, toIstInput } from '../ipo/ipoAdminText.ts';
import { useMayUse } from '../shared/access.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { FormFieldGrid, useFieldProblems } from '../shared/FormFieldGrid.tsx';
import type { Tone } from '../shared/labels.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

type Action = { kind: 'edit'; offer: AdminPlacementRow | null } | { kind: 'allot' | 'withdraw'; offer: AdminPlacementRow };

const stateTone: Record<PlacementState, Tone> = { upcoming: 'neutral', open: 'good', closed: 'warn', allotted: 'neutral', withdrawn: 'bad' };

function useStateNames(): Record<PlacementState, string> {
  const { t } = useLingui();
  return {
    upcoming: t`Upcoming`,
    open: t({ message: 'Open', context: 'placement state' }),
    closed: t({ message: 'Closed', context: 'placement state' }),
    allotted: t`Allotted`,
    withdrawn: t({ message: 'Withdrawn', context: 'placement state' }),
  };
}

/** /admin/placements: placements and rights issues with their demand; operators announce, edit and withdraw; any staff allots a closed one. */
export function PlacementsAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const stateNames = useStateNames();
  const mayEdit = useMayUse('admin/placement/save');
  const mayAllot = useMayUse('admin/placement/allot');
  const list = useListState<'all'>('all');
  const [action, setAction] = useState<Action | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/placement/list', { page: list.page }, { silent }), [list.page]);
  const done = () => {
    setAction(null);
    reload();
  };
  const actionsOf = (offer: AdminPlacementRow) => (
    <div className={styles.actions}>
      {mayEdit && offer.state === 'upcoming' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'edit', offer })}>
          {t`Edit…`}
        </Button>
      ) : null}
      {mayEdit && (offer.state === 'upcoming' || offer.state === 'open' || offer.state === 'closed') ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'withdraw', offer })}>
          {t`Withdraw…`}
        </Button>
      ) : null}
      {mayAllot && offer.state === 'closed' ? (
        <Button className={styles.smallButton} onClick={() => setAction({ kind: 'allot', offer })} data-action="allot-placement">
          {t`Allot…`}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      <div className={styles.toolbar}>
        {mayEdit ? (
          <Button className={styles.smallButton} onClick={() => setAction({ kind: 'edit', offer: null })}>
            <Trans>New placement or rights issue…</Trans>
          </Button>
        ) : null}
      </div>
      <PagedTable
        label={t`Placements and rights issues`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The placements could not be loaded.`}
        emptyTitle={t`No placements or rights issues`}
        rowKey={(offer) => offer.id}
        columns={[
          {
            header: t`Offer`,
            cell: (offer) => (
              <span data-testid="placement-row" data-placement-id={offer.id}>
                <strong>{offer.code}</strong> · {offer.kind === 'rights' ? t`Rights issue` : t`Placement`}
                {offer.demo ? <span className={styles.muted}> · {t`Demo`}</span> : null}
              </span>
            ),
          },
          { header: t`State`, cell: (offer) => <Badge tone={stateTone[offer.state]}>{stateNames[offer.state]}</Badge> },
          { header: t`Price`, cell: (offer) => format.money(offer.price), numeric: true },
          { header: t`Ratio (new:held)`, cell: (offer) => `${offer.ratio_new}:${offer.ratio_held}`, numeric: true },
          { header: t`Record date`, cell: (offer) => offer.record_date },
          { header: t`Opens – closes (IST)`, cell: (offer) => `${format.dateTime(offer.open_at)} – ${format.dateTime(offer.close_at)}` },
          { header: t`Shares offered`, cell: (offer) => (offer.shares_offered === null ? '—' : offer.shares_offered), numeric: true },
          { header: t`Applications`, cell: (offer) => offer.applications, numeric: true },
          { header: t`Applied (entitled + additional)`, cell: (offer) => `${offer.quantity_applied_entitled} + ${offer.quantity_applied_additional}`, numeric: true },
          { header: t`Held`, cell: (offer) => format.money(offer.amount_held), numeric: true },
          { header: t`Actions`, cell: actionsOf },
        ]}
      />
      {action?.kind === 'edit' ? <PlacementEditor offer={action.offer} onClose={() => setAction(null)} onSaved={done} /> : null}
      {action?.kind === 'withdraw' ? (
        <ActionDialog
          title={t`Withdraw the ${action.offer.code} offer?`}
          summary={<p className={styles.muted}>{t`Every pending application is released and the offer closes for good. Holders read your reason.`}</p>}
          confirmLabel={t`Withdraw offer`}
          danger
          onConfirm={async (reason) => {
            await call('admin/placement/withdraw', { placement_id: action.offer.id, reason }, { silent: true });
            showToast(t`Offer withdrawn`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'allot' ? (
        <ActionDialog
          title={t`Allot the ${action.offer.code} offer`}
          summary={
            <p className={styles.muted}>
              {t`Entitled shares are allotted in full and renounced ones pro rata to the additional requests; the allotted money is paid into positions and the rest released, in one step that cannot be undone.`}
            </p>
          }
          confirmLabel={t`Allot`}
          onConfirm={async (reason) => {
            await call('admin/placement/allot', { placement_id: action.offer.id, reason }, { silent: true });
            showToast(t`Offer allotted`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
    </>
  );
}

type Field = 'code' | 'price' | 'ratio_new' | 'ratio_held' | 'lot' | 'minimum_quantity' | 'record_date' | 'open_at' | 'close_at';
type Form = Record<Field, string> & { kind: 'placement' | 'rights' };

function formOf(offer: AdminPlacementRow | null): Form {
  if (!offer) return { kind: 'rights', code: '', price: '', ratio_new: '1', ratio_held: '5', lot: '1', minimum_quantity: '1', record_date: '', open_at: '', close_at: '' };
  return {
    kind: offer.kind, code: offer.code, price: offer.price, ratio_new: String(offer.ratio_new), ratio_held: String(offer.ratio_held), lot: String(offer.lot),
    minimum_quantity: String(offer.minimum_quantity), record_date: offer.record_date, open_at: toIstInput(offer.open_at), close_at: toIstInput(offer.close_at),
  };
}

/** A whole number typed in a box, or the text itself so the contract's check names the field. */
const wholeNumber = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number.parseInt(text.trim(), 10) : text);

/** Announces an offer, or edits one that has not opened, checked with the contract's own rules before it is sent. */
function PlacementEditor({ offer, onClose, onSaved }: { offer: AdminPlacementRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>(() => formOf(offer));
  const request = {
    ...(offer ? { placement_id: offer.id } : {}),
    ...form,
    ratio_new: wholeNumber(form.ratio_new),
    ratio_held: wholeNumber(form.ratio_held),
    lot: wholeNumber(form.lot),
    minimum_quantity: wholeNumber(form.minimum_quantity),
    open_at: fromIstInput(form.open_at),
    close_at: fromIstInput(form.close_at),
  };
  const checked = adminPlacementSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = useFieldProblems(checked);
  const labels: Record<Field, string> = {
    code: t`Instrument code`,
    price: t`Price per share (₹)`,
    ratio_new: t`New shares…`,
    ratio_held: t`…for every shares held`,
    lot: t`Lot (shares)`,
    minimum_quantity: t`Minimum per application (shares)`,
    record_date: t`Record date (holdings at its end, IST)`,
    open_at: t`Opens (IST)`,
    close_at: t`Closes (IST)`,
  };
  const inputType: Partial<Record<Field, string>> = { record_date: 'date', open_at: 'datetime-local', close_at: 'datetime-local' };
  return (
    <ActionDialog
      title={offer ? t`Edit the ${offer.code} offer` : t`New placement or rights issue`}
      summary={<p className={styles.muted}>{t`Holders see every field. An offer can be edited until it opens; the window opens after the end of the record date.`}</p>}
      confirmLabel={t`Save offer`}
      ready={checked.success}
      wide
      onConfirm={async (reason) => {
        if (!checked.success) return;
        await call('admin/placement/save', { ...checked.data, reason }, { silent: true });
        showToast(t`Offer saved`, { tone: 'success' });
        onSaved();
      }}
      onClose={onClose}
    >
      <FormFieldGrid
        labels={labels}
        values={form}
        problems={problems}
        inputTypes={inputType}
        onChange={(field, value) => setForm({ ...form, [field]: value })}
        leading={
          <label className={styles.field}>
            {t`Kind`}
            <select className={styles.control} name="kind" value={form.kind} onChange={(event) => setForm({ ...form, kind: event.target.value === 'placement' ? 'placement' : 'rights' })}>
              <option value="rights">{t`Rights issue`}</option>
              <option value="placement">{t`Placement`}</option>
            </select>
          </label>
        }
      />
    </ActionDialog>
  );
}
