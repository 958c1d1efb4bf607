import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminFundRow, adminFundSaveRequest, type FundStrategy, fundStrategies, strategyParameterDefaults } from '../../../../contract/funds.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { fromIstInput, toIstInput } from '../ipo/ipoAdminText.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FormFieldGrid, useFieldProblems } from '../shared/FormFieldGrid.tsx';
import { useFundAdminLabels } from './fundAdminText.ts';

type Field = 'name' | 'size_cap' | 'minimum_investment' | 'management_fee_bps' | 'subscribe_from' | 'subscribe_until' | 'ends_at';

const dateInputs: Partial<Record<Field, string>> = { subscribe_from: 'datetime-local', subscribe_until: 'datetime-local', ends_at: 'datetime-local' };

function formOf(fund: AdminFundRow | null): Record<Field, string> {
  if (!fund) return { name: '', size_cap: '', minimum_investment: '', management_fee_bps: '', subscribe_from: '', subscribe_until: '', ends_at: '' };
  return {
    name: fund.name,
    size_cap: fund.size_cap,
    minimum_investment: fund.minimum_investment,
    management_fee_bps: String(fund.management_fee_bps),
    subscribe_from: toIstInput(fund.subscribe_from),
    subscribe_until: toIstInput(fund.subscribe_until),
    ends_at: toIstInput(fund.ends_at),
  };
}

/** A whole number typed in a box, or the text itself so the contract's check names the field. */
const wholeNumber = (text: string): number | string => (/^\d{1,6}$/.test(text.trim()) ? Number.parseInt(text.trim(), 10) : text);

/**
 * Creates a fund, or edits one that has not opened for subscriptions: its name, strategy (with
 * the parameters it will run with, as published), size cap, minimum, subscription window, end
 * and management fee, checked with the contract's own rules as they are typed; times in IST.
 */
export function FundEditor({ fund, onClose, onSaved }: { fund: AdminFundRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const labels = useFundAdminLabels();
  const [form, setForm] = useState(() => formOf(fund));
  const [strategy, setStrategy] = useState<FundStrategy>(fund?.strategy.key ?? 'nifty50_momentum');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const request = {
    ...(fund ? { fund_id: fund.id } : {}),
    ...form,
    strategy,
    management_fee_bps: wholeNumber(form.management_fee_bps),
    subscribe_from: fromIstInput(form.subscribe_from),
    subscribe_until: fromIstInput(form.subscribe_until),
    ends_at: fromIstInput(form.ends_at),
  };
  // The reason is checked by the dialog; a placeholder keeps it out of these field errors.
  const checked = adminFundSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = useFieldProblems(checked);
  const fieldLabels: Record<Field, string> = {
    name: t`Fund name`,
    size_cap: t`Fund size cap (₹)`,
    minimum_investment: t`Minimum investment (₹)`,
    management_fee_bps: t`Management fee (bps a year, 0–500)`,
    subscribe_from: t`Subscriptions open (IST)`,
    subscribe_until: t`Subscriptions close (IST)`,
    ends_at: t`Fund ends and pays out (IST)`,
  };
  const save = async (reason: string) => {
    if (!checked.success) return;
    await call('admin/fund/save', { ...checked.data, reason }, { silent: true });
    showToast(t`Fund saved`, { tone: 'success' });
    onSaved();
  };
  const parameters = Object.entries(strategyParameterDefaults[strategy]);
  const strategyPicker = (
    <label className={styles.field}>
      {t`Strategy`}
      <select className={styles.control} name="strategy" value={strategy} onChange={(event) => setStrategy(event.target.value as FundStrategy)}>
        {fundStrategies.map((key) => (
          <option key={key} value={key}>
            {labels.strategy[key]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <ActionDialog
      title={fund ? t`Edit the fund ${fund.name}` : t`New strategy fund`}
      summary={
        <p className={styles.muted}>
          {t`Users see every term. A fund can be edited until it opens for subscriptions; it trades only through its published strategy, and its management fee accrues daily into the firm's fee account.`}
        </p>
      }
      confirmLabel={t`Save fund`}
      ready={checked.success}
      wide
      onConfirm={save}
      onClose={onClose}
    >
      <FormFieldGrid
        labels={fieldLabels}
        values={form}
        problems={problems}
        inputTypes={dateInputs}
        onChange={(field, value) => setForm({ ...form, [field]: value })}
        showsProblem={(field) => touched.has(field)}
        onBlur={(field) => setTouched(new Set(touched).add(field))}
        leading={strategyPicker}
      />
      <section aria-label={t`Published parameters`} data-testid="fund-editor-parameters">
        <p className={styles.muted}>{t`The strategy runs with its published parameters:`}</p>
        <dl className={styles.facts}>
          {parameters.map(([name, value]) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{labels.parameterName(name)}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </ActionDialog>
  );
}
