import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminBlockRow, adminBlockSaveRequest, type BlockState } from '../../../../contract/block.ts';
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

type Action = { kind: 'edit'; block: AdminBlockRow | null } | { kind: 'close'; block: AdminBlockRow };

const stateTone: Record<BlockState, Tone> = { upcoming: 'neutral', open: 'good', closed: 'bad' };

/** /admin/blocks: the block-trade desk's blocks with what was sold; operators create, edit before opening and end early. */
export function BlocksAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const stateNames: Record<BlockState, string> = {
    upcoming: t({ message: 'Upcoming', context: 'block state' }),
    open: t({ message: 'Open', context: 'block state' }),
    closed: t({ message: 'Closed', context: 'block state' }),
  };
  const mayEdit = useMayUse('admin/block/save');
  const mayClose = useMayUse('admin/block/close');
  const list = useListState<'all'>('all');
  const [action, setAction] = useState<Action | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/block/list', { page: list.page }, { silent }), [list.page]);
  const done = () => {
    setAction(null);
    reload();
  };
  const actionsOf = (block: AdminBlockRow) => (
    <div className={styles.actions}>
      {mayEdit && block.state === 'upcoming' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'edit', block })}>
          {t`Edit…`}
        </Button>
      ) : null}
      {mayClose && block.state !== 'closed' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'close', block })} data-action="close-block">
          {t`End early…`}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      <div className={styles.toolbar}>
        {mayEdit ? (
          <Button className={styles.smallButton} onClick={() => setAction({ kind: 'edit', block: null })} data-action="new-block">
            <Trans>New block…</Trans>
          </Button>
        ) : null}
      </div>
      <PagedTable
        label={t`Blocks`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The blocks could not be loaded.`}
        emptyTitle={t`No blocks`}
        rowKey={(block) => block.id}
        columns={[
          {
            header: t`Stock`,
            cell: (block) => (
              <span data-testid="block-row" data-block-id={block.id}>
                <strong>{block.code}</strong> · {block.name}
              </span>
            ),
          },
          {
            header: t`State`,
            cell: (block) => (
              <span title={block.closed_reason ?? undefined}>
                <Badge tone={stateTone[block.state]}>{stateNames[block.state]}</Badge>
              </span>
            ),
          },
          { header: t`Price`, cell: (block) => format.money(block.price), numeric: true },
          { header: t`Reference price`, cell: (block) => `${format.money(block.reference_price)} (${(block.difference_bps / 100).toFixed(2)} %)`, numeric: true },
          { header: t`Sold / quantity`, cell: (block) => `${block.sold} / ${block.quantity}`, numeric: true },
          { header: t`Purchases`, cell: (block) => block.purchases, numeric: true },
          { header: t`Minimum`, cell: (block) => `${block.minimum_shares} · ${format.money(block.minimum_amount)}`, numeric: true },
          { header: t`Lock-up`, cell: (block) => `T+${block.lock_trading_days}`, numeric: true },
          { header: t`Opens – closes (IST)`, cell: (block) => `${format.dateTime(block.open_at)} – ${format.dateTime(block.close_at)}` },
          { header: t`Actions`, cell: actionsOf },
        ]}
      />
      {action?.kind === 'edit' ? <BlockEditor block={action.block} onClose={() => setAction(null)} onSaved={done} /> : null}
      {action?.kind === 'close' ? (
        <ActionDialog
          title={t`End the ${action.block.code} block early?`}
          summary={<p className={styles.muted}>{t`No more purchases are taken; shares already bought stay with their buyers. Users read your reason on the desk.`}</p>}
          confirmLabel={t`End block`}
          danger
          onConfirm={async (reason) => {
            await call('admin/block/close', { block_id: action.block.id, reason }, { silent: true });
            showToast(t`Block ended`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
    </>
  );
}

type Field = 'code' | 'price' | 'quantity' | 'open_at' | 'close_at';
type Form = Record<Field, string>;

function formOf(block: AdminBlockRow | null): Form {
  if (!block) return { code: '', price: '', quantity: '', open_at: '', close_at: '' };
  return { code: block.code, price: block.price, quantity: String(block.quantity), open_at: toIstInput(block.open_at), close_at: toIstInput(block.close_at) };
}

/** Creates a block, or edits one that has not opened, checked with the contract's own rules before it is sent. */
function BlockEditor({ block, onClose, onSaved }: { block: AdminBlockRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>(() => formOf(block));
  const quantity = /^\d{1,9}$/.test(form.quantity.trim()) ? Number.parseInt(form.quantity.trim(), 10) : form.quantity;
  const request = { ...(block ? { block_id: block.id } : {}), ...form, quantity, open_at: fromIstInput(form.open_at), close_at: fromIstInput(form.close_at) };
  const checked = adminBlockSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = useFieldProblems(checked);
  const labels: Record<Field, string> = {
    code: t`Instrument code`,
    price: t`Block price per share (₹)`,
    quantity: t`Quantity (shares, whole lots)`,
    open_at: t`Opens (IST)`,
    close_at: t`Closes (IST)`,
  };
  const inputType: Partial<Record<Field, string>> = { open_at: 'datetime-local', close_at: 'datetime-local' };
  return (
    <ActionDialog
      title={block ? t`Edit the ${block.code} block` : t`New block`}
      summary={
        <p className={styles.muted}>
          {t`The price must be within the configured band of the market price when you save; the minimums and the lock-up are the configuration's at that moment. A block can be edited until it opens.`}
        </p>
      }
      confirmLabel={t`Save block`}
      ready={checked.success}
      wide
      onConfirm={async (reason) => {
        if (!checked.success) return;
        await call('admin/block/save', { ...checked.data, reason }, { silent: true });
        showToast(t`Block saved`, { tone: 'success' });
        onSaved();
      }}
      onClose={onClose}
    >
      <FormFieldGrid labels={labels} values={form} problems={problems} inputTypes={inputType} onChange={(field, value) => setForm({ ...form, [field]: value })} />
    </ActionDialog>
  );
}
