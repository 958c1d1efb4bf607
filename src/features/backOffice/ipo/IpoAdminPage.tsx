import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { IpoDraw, IpoState } from '../../../../contract/ipo.ts';
import { ipoStates } from '../../../../contract/ipo.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { useMayUse } from '../shared/access.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FilterSelect } from '../shared/FilterSelect.tsx';
import { useStaffFormat } from '../shared/format.ts';
import { PagedTable } from '../shared/Table.tsx';
import { useListState } from '../shared/useListState.ts';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { IpoEditor } from './IpoEditor.tsx';
import { type AdminIpoRow, fromIstInput, ipoStateTone, toIstInput, useIpoStateNames } from './ipoAdminText.ts';

type Action = { kind: 'edit'; issue: AdminIpoRow | null } | { kind: 'extend' | 'withdraw' | 'draw'; issue: AdminIpoRow };

/** /admin/ipo: issues with their state and demand; operators create, edit, extend and withdraw; any staff runs the draw of a closed issue. */
export function IpoAdminPage() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const stateNames = useIpoStateNames();
  const mayEdit = useMayUse('admin/ipo/save');
  const mayDraw = useMayUse('admin/ipo/draw');
  const list = useListState<IpoState | 'all'>('all');
  const [action, setAction] = useState<Action | null>(null);
  const [drawn, setDrawn] = useState<{ issue: AdminIpoRow; draw: IpoDraw } | null>(null);
  const { state, reload } = useStaffLoad(
    ({ silent }) => call('admin/ipo/list', { page: list.page, ...(list.filter === 'all' ? {} : { state: list.filter }) }, { silent }),
    [list.page, list.filter],
  );
  const done = () => {
    setAction(null);
    reload();
  };
  const actionsOf = (issue: AdminIpoRow) => (
    <div className={styles.actions}>
      {mayEdit && issue.state === 'upcoming' ? (
        <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'edit', issue })}>
          {t`Edit…`}
        </Button>
      ) : null}
      {mayEdit && (issue.state === 'upcoming' || issue.state === 'open') ? (
        <>
          <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'extend', issue })}>
            {t`Extend dates…`}
          </Button>
          <Button variant="secondary" className={styles.smallButton} onClick={() => setAction({ kind: 'withdraw', issue })}>
            {t`Withdraw…`}
          </Button>
        </>
      ) : null}
      {mayDraw && issue.state === 'closed' ? (
        <Button className={styles.smallButton} onClick={() => setAction({ kind: 'draw', issue })} data-action="run-draw">
          {t`Run the draw…`}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      <div className={styles.toolbar}>
        <FilterSelect
          label={t`State`}
          value={list.filter}
          options={[{ value: 'all' as const, label: t`All` }, ...ipoStates.map((value) => ({ value, label: stateNames[value] }))]}
          onChange={list.setFilter}
        />
        {mayEdit ? (
          <Button className={styles.smallButton} onClick={() => setAction({ kind: 'edit', issue: null })}>
            <Trans>New IPO…</Trans>
          </Button>
        ) : null}
      </div>
      {drawn ? <DrawResult issue={drawn.issue} draw={drawn.draw} onClose={() => setDrawn(null)} /> : null}
      <PagedTable
        label={t`IPOs`}
        state={state}
        onRetry={reload}
        onPage={list.setPage}
        errorTitle={t`The IPOs could not be loaded.`}
        emptyTitle={t`No IPOs`}
        rowKey={(issue) => issue.id}
        columns={[
          {
            header: t`Issue`,
            cell: (issue) => (
              <span data-testid="ipo-row" data-ipo-id={issue.id}>
                <strong>{issue.issuer}</strong> · {issue.code}
                {issue.demo ? <span className={styles.muted}> · {t`Demo`}</span> : null}
              </span>
            ),
          },
          { header: t`State`, cell: (issue) => <Badge tone={ipoStateTone[issue.state]}>{stateNames[issue.state]}</Badge> },
          {
            header: t`Price · lot`,
            cell: (issue) => (
              <>
                {issue.price_low ? `${format.money(issue.price_low)}–${format.money(issue.price)}` : format.money(issue.price)}
                <br />
                <span className={styles.muted}>{t`${issue.lot} a lot`}</span>
              </>
            ),
            numeric: true,
          },
          {
            header: t`Dates (IST)`,
            cell: (issue) => (
              <>
                {t`Opens ${format.dateTime(issue.open_at)}`}
                <br />
                {t`Closes ${format.dateTime(issue.close_at)}`}
                <br />
                <span className={styles.muted}>{t`Draw ${format.dateTime(issue.draw_at)}`}</span>
              </>
            ),
          },
          { header: t`Applications`, cell: (issue) => issue.applications, numeric: true },
          { header: t`Retail demand`, cell: (issue) => `${issue.retail_subscription_times}× · ${t`${issue.lots_applied} lots`}`, numeric: true },
          { header: t`Held`, cell: (issue) => format.money(issue.amount_held), numeric: true },
          { header: t`Actions`, cell: actionsOf },
        ]}
      />
      {action?.kind === 'edit' ? <IpoEditor issue={action.issue} onClose={() => setAction(null)} onSaved={done} /> : null}
      {action?.kind === 'extend' ? <ExtendDialog issue={action.issue} onClose={() => setAction(null)} onDone={done} /> : null}
      {action?.kind === 'withdraw' ? (
        <ActionDialog
          title={t`Withdraw ${action.issue.issuer}?`}
          summary={<p className={styles.muted}>{t`Every application is released and the issue closes for good. Users read your reason.`}</p>}
          confirmLabel={t`Withdraw IPO`}
          danger
          onConfirm={async (reason) => {
            await call('admin/ipo/withdraw', { ipo_id: action.issue.id, reason }, { silent: true });
            showToast(t`IPO withdrawn`, { tone: 'success' });
            done();
          }}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'draw' ? (
        <DrawDialog
          issue={action.issue}
          onClose={() => setAction(null)}
          onDrawn={(result) => {
            setDrawn(result);
            done();
          }}
        />
      ) : null}
    </>
  );
}

function ExtendDialog({ issue, onClose, onDone }: { issue: AdminIpoRow; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [dates, setDates] = useState({ close_at: toIstInput(issue.close_at), draw_at: toIstInput(issue.draw_at), listing_at: toIstInput(issue.listing_at) });
  const labels = { close_at: t`Closes (IST)`, draw_at: t`Draw (IST)`, listing_at: t`Listing (IST)` };
  return (
    <ActionDialog
      title={t`Extend ${issue.issuer}`}
      summary={<p className={styles.muted}>{t`Moves the closing, draw and listing dates; applications already made stay.`}</p>}
      confirmLabel={t`Extend`}
      onConfirm={async (reason) => {
        const moved = { close_at: fromIstInput(dates.close_at), draw_at: fromIstInput(dates.draw_at), listing_at: fromIstInput(dates.listing_at) };
        await call('admin/ipo/extend', { ipo_id: issue.id, ...moved, reason }, { silent: true });
        showToast(t`Dates extended`, { tone: 'success' });
        onDone();
      }}
      onClose={onClose}
    >
      {(Object.keys(labels) as (keyof typeof labels)[]).map((field) => (
        <label key={field} className={styles.field}>
          {labels[field]}
          <input className={styles.control} type="datetime-local" name={field} value={dates[field]} onChange={(event) => setDates({ ...dates, [field]: event.target.value })} />
        </label>
      ))}
    </ActionDialog>
  );
}

function DrawDialog({ issue, onClose, onDrawn }: { issue: AdminIpoRow; onClose: () => void; onDrawn: (result: { issue: AdminIpoRow; draw: IpoDraw }) => void }) {
  const { t } = useLingui();
  const [publicValue, setPublicValue] = useState('');
  const source = issue.public_value_source;
  return (
    <ActionDialog
      title={t`Run the draw of ${issue.issuer}`}
      summary={
        <p className={styles.muted}>
          {t`Enter the public value exactly as published: ${source}. The draw allots every application and releases or takes the held money, in one step that cannot be undone.`}
        </p>
      }
      confirmLabel={t`Run the draw`}
      ready={publicValue.trim() !== ''}
      onConfirm={async (reason) => {
        const result = await call('admin/ipo/draw', { ipo_id: issue.id, public_value: publicValue.trim(), reason }, { silent: true });
        showToast(t`Draw done`, { tone: 'success' });
        onDrawn(result);
      }}
      onClose={onClose}
    >
      <label className={styles.field}>
        {t`Public value (${source})`}
        <input className={styles.control} name="public_value" value={publicValue} onChange={(event) => setPublicValue(event.target.value)} />
      </label>
    </ActionDialog>
  );
}

function DrawResult({ issue, draw, onClose }: { issue: AdminIpoRow; draw: IpoDraw; onClose: () => void }) {
  const { t } = useLingui();
  const winners = draw.winners;
  const applications = draw.applications;
  return (
    <section className={styles.section} aria-label={t`Draw result`} data-testid="draw-result">
      <div className={styles.panelHeader}>
        <h2 className={styles.sectionTitle}>{t`Draw of ${issue.issuer}: ${winners} of ${applications} applications won`}</h2>
        <Button variant="ghost" className={styles.smallButton} onClick={onClose}>
          {t({ message: 'Close', context: 'back office' })}
        </Button>
      </div>
      <dl className={styles.facts}>
        <dt>{t`Server seed`}</dt>
        <dd>{draw.server_seed}</dd>
        <dt>{t`Public value`}</dt>
        <dd>{`${draw.public_value} (${draw.public_value_source})`}</dd>
        <dt>{t`Applications digest`}</dt>
        <dd>{draw.applications_digest}</dd>
        <dt>{t`Seed`}</dt>
        <dd>{draw.seed}</dd>
      </dl>
      <div className={styles.actions}>
        {draw.files.map((file) => (
          <a key={file.name} href={file.url} download={file.name} data-testid="draw-file">
            {file.name}
          </a>
        ))}
      </div>
    </section>
  );
}
