import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { adminVipAllocationSaveRequest, adminVipGrantRequest, type VipAllocationState } from '../../../../contract/vip.ts';
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

type AllocationRow = ResponseOf<'admin/vip/allocations'>['items'][number];
type Action = { kind: 'edit'; allocation: AllocationRow | null } | { kind: 'close'; allocation: AllocationRow } | { kind: 'grant' };

const stateTone: Record<VipAllocationState, Tone> = { upcoming: 'neutral', open: 'good', sold_out: 'warn', closed: 'neutral' };

/** /admin/vip: VIP allocations (operators create, edit before opening, close early) and granting a VIP level with a reason the user reads. */
export function VipAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const mayEdit = useMayUse('admin/vip/allocationSave');
  const mayGrant = useMayUse('admin/vip/grant');
  const list = useListState<'all'>('all');
  const [action, setAction] = useState<Action | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/vip/allocations', { page: list.page }, { silent }), [list.page]);
  const stateNames: Record<VipAllocationState, string> = {
    upcoming: t`Upcoming`,
    open: t({ message: 'Open', context: 'VIP allocation' }),
    sold_out: t`Sold out`,
    closed: t({ message: 'Closed', context: 'VIP allocation' }),
  };
  const done = () => {
    setAction(null);
    reload();
  };
  const actionsOf = (allocation: AllocationRow) => (
    <div className={styles.actions}>
      {mayEdit && allocation.state === 'upcoming' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'edit', allocation })}>
          {t`Edit…`}
        </Button>
      ) : null}
      {mayEdit && allocation.state !== 'closed' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'close', allocation })} data-action="close-allocation">
          {t`Close early…`}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      <div className={styles.toolbar}>
        {mayEdit ? (
          <Button className={styles.smallButton} onClick={() => setAction({ kind: 'edit', allocation: null })}>
            <Trans>New VIP allocation…</Trans>
          </Button>
        ) : null}
        {mayGrant ? (
          <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'grant' })}>
            <Trans>Grant a VIP level…</Trans>
          </Button>
        ) : null}
      </div>
      <PagedTable
        label={t`VIP allocations`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The VIP allocations could not be loaded.`}
        emptyTitle={t`No VIP allocations`}
        rowKey={(allocation) => allocation.id}
        columns={[
          {
            header: t`Stock`,
            cell: (allocation) => (
              <span data-testid="vip-allocation-row">
                <strong>{allocation.code}</strong> · {allocation.name}
              </span>
            ),
          },
          { header: t`State`, cell: (allocation) => <Badge tone={stateTone[allocation.state]}>{stateNames[allocation.state]}</Badge> },
          { header: t`Price`, cell: (allocation) => format.money(allocation.price), numeric: true },
          { header: t`Left of total (shares)`, cell: (allocation) => `${allocation.quantity_left} / ${allocation.quantity_total}`, numeric: true },
          { header: t`Minimum level`, cell: (allocation) => `VIP ${allocation.min_level}`, numeric: true },
          { header: t`Most per user`, cell: (allocation) => allocation.per_user_max, numeric: true },
          { header: t`Buyers`, cell: (allocation) => allocation.buyers, numeric: true },
          { header: t`Opens – closes (IST)`, cell: (allocation) => `${format.dateTime(allocation.opens_at)} – ${format.dateTime(allocation.closes_at)}` },
          { header: t`Actions`, cell: actionsOf },
        ]}
      />
      {action?.kind === 'edit' ? <AllocationEditor allocation={action.allocation} onClose={() => setAction(null)} onSaved={done} /> : null}
      {action?.kind === 'close' ? (
        <ActionDialog
          title={t`Close the ${action.allocation.code} allocation?`}
          summary={<p className={styles.muted}>{t`No one can buy from it any more; purchases already made stay as they are.`}</p>}
          confirmLabel={t`Close allocation`}
          danger
          onConfirm={async (reason) => {
            await call('admin/vip/allocationClose', { allocation_id: action.allocation.id, reason }, { silent: true });
            showToast(t`Allocation closed`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'grant' ? <GrantDialog onClose={() => setAction(null)} onGranted={done} /> : null}
    </>
  );
}

type Field = 'code' | 'price' | 'quantity_total' | 'per_user_max' | 'min_level' | 'opens_at' | 'closes_at';

/** A whole number typed in a box, or the text itself so the contract's check names the field. */
const wholeNumber = (text: string): number | string => (/^\d{1,10}$/.test(text.trim()) ? Number.parseInt(text.trim(), 10) : text);

function AllocationEditor({ allocation, onClose, onSaved }: { allocation: AllocationRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState<Record<Field, string>>(() =>
    allocation
      ? {
          code: allocation.code, price: allocation.price, quantity_total: String(allocation.quantity_total), per_user_max: String(allocation.per_user_max),
          min_level: String(allocation.min_level), opens_at: toIstInput(allocation.opens_at), closes_at: toIstInput(allocation.closes_at),
        }
      : { code: '', price: '', quantity_total: '', per_user_max: '', min_level: '1', opens_at: '', closes_at: '' },
  );
  const request = {
    ...(allocation ? { allocation_id: allocation.id } : {}),
    ...form,
    quantity_total: wholeNumber(form.quantity_total),
    per_user_max: wholeNumber(form.per_user_max),
    min_level: wholeNumber(form.min_level),
    opens_at: fromIstInput(form.opens_at),
    closes_at: fromIstInput(form.closes_at),
  };
  const checked = adminVipAllocationSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = useFieldProblems(checked);
  const labels: Record<Field, string> = {
    code: t`Instrument code`,
    price: t`Fixed price per share (₹)`,
    quantity_total: t`Shares offered`,
    per_user_max: t`Most per user (shares)`,
    min_level: t`Minimum VIP level (1–3)`,
    opens_at: t`Opens (IST)`,
    closes_at: t`Closes (IST)`,
  };
  const inputType: Partial<Record<Field, string>> = { opens_at: 'datetime-local', closes_at: 'datetime-local' };
  return (
    <ActionDialog
      title={allocation ? t`Edit the ${allocation.code} allocation` : t`New VIP allocation`}
      summary={<p className={styles.muted}>{t`Quantities are whole lots of the stock. An allocation can be edited until it opens; VIP users buy first come, first served.`}</p>}
      confirmLabel={t`Save allocation`}
      ready={checked.success}
      wide
      onConfirm={async (reason) => {
        if (!checked.success) return;
        await call('admin/vip/allocationSave', { ...checked.data, reason }, { silent: true });
        showToast(t`Allocation saved`, { tone: 'success' });
        onSaved();
      }}
      onClose={onClose}
    >
      <FormFieldGrid labels={labels} values={form} problems={problems} inputTypes={inputType} onChange={(field, value) => setForm({ ...form, [field]: value })} />
    </ActionDialog>
  );
}

function GrantDialog({ onClose, onGranted }: { onClose: () => void; onGranted: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState({ user_id: '', level: '1', until: '' });
  const checked = adminVipGrantRequest.safeParse({ user_id: form.user_id.trim(), level: wholeNumber(form.level), until: form.until === '' ? null : fromIstInput(form.until), reason: 'x' });
  const problems = useFieldProblems(checked);
  return (
    <ActionDialog
      title={t`Grant a VIP level`}
      summary={
        <p className={styles.muted}>
          {t`A level is never sold. A grant raises the user's level above what the thresholds give until it ends; level 0 ends an earlier grant. The user reads your reason in their account activity.`}
        </p>
      }
      confirmLabel={t`Grant level`}
      ready={checked.success}
      onConfirm={async (reason) => {
        if (!checked.success) return;
        const levels = await call('admin/vip/grant', { ...checked.data, reason }, { silent: true });
        showToast(t`The user is now at VIP level ${levels.level}`, { tone: 'success' });
        onGranted();
      }}
      onClose={onClose}
    >
      <div className={styles.formGrid}>
        <label className={styles.field}>
          {t`User id`}
          <input className={styles.control} name="user_id" value={form.user_id} onChange={(event) => setForm({ ...form, user_id: event.target.value })} />
          {form.user_id !== '' && problems.has('user_id') ? <span className={styles.errorText}>{problems.get('user_id')}</span> : null}
        </label>
        <label className={styles.field}>
          {t`Level (0–3)`}
          <input className={styles.control} name="level" value={form.level} onChange={(event) => setForm({ ...form, level: event.target.value })} />
        </label>
        <label className={styles.field}>
          {t`Until (IST, empty: until a later grant)`}
          <input className={styles.control} type="datetime-local" name="until" value={form.until} onChange={(event) => setForm({ ...form, until: event.target.value })} />
        </label>
      </div>
    </ActionDialog>
  );
}
