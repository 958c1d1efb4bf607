import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatRupees, parseRupees } from '../../../../contract/money.ts';
import type { JsonValue } from '../../../../contract/paging.ts';
import type { SettingName, TimeWindow } from '../../../../contract/settings.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { intlLocaleOf } from '../../../i18n/locale.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { type SettingInput, settingInputs, settingTexts, settingValueValid } from './settingShapes.ts';
import { useSettingValueText, weekdayName } from './settingValueText.ts';

const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * What the inputs hold while typing, as text, turned into the setting's value on each change.
 * Rupee amounts go through contract/money.ts (paise, never a float) and back to "5000.00".
 */
type Draft = { text: string; days: number[]; from: string; to: string; on: boolean };

function draftOf(input: SettingInput, value: JsonValue): Draft {
  const draft: Draft = { text: '', days: [], from: '', to: '', on: value === true };
  if ((input.kind === 'rupees' || input.kind === 'integer') && (typeof value === 'string' || typeof value === 'number')) draft.text = String(value);
  if (input.kind === 'window' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const window = value as TimeWindow;
    return { ...draft, days: [...window.days], from: window.from, to: window.to };
  }
  if (input.kind === 'hours' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const range = value as { from: number; to: number };
    return { ...draft, from: String(range.from), to: String(range.to) };
  }
  return draft;
}

/** A whole number typed as digits only; anything else is not a number (the schema then refuses it). */
const wholeNumber = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

function valueOf(input: SettingInput, draft: Draft): unknown {
  switch (input.kind) {
    case 'rupees': {
      const paise = parseRupees(draft.text);
      return paise === null ? draft.text : formatRupees(paise);
    }
    case 'integer':
      return wholeNumber(draft.text);
    case 'hours':
      return { from: wholeNumber(draft.from), to: wholeNumber(draft.to) };
    case 'window':
      return { days: [...draft.days].sort((left, right) => left - right), from: draft.from, to: draft.to };
    case 'switch':
      return draft.on;
  }
}

/** Edits one setting with the input its shape needs, checked with the contract's schema before sending. */
export function SettingEditor({ name, value, onClose, onSaved }: { name: SettingName; value: JsonValue; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const format = useStaffFormat();
  const valueText = useSettingValueText();
  const input = settingInputs[name];
  const [draft, setDraft] = useState(() => draftOf(input, value));
  const next = valueOf(input, draft);
  const valid = settingValueValid(name, next);
  const changed = JSON.stringify(next) !== JSON.stringify(value);
  const hint = {
    rupees: t`A rupee amount above zero with at most two decimals, e.g. 5000 or 5000.50.`,
    integer: t`A whole number within the allowed range.`,
    hours: t`Whole hours from 0 to 720; "from" must not be more than "to".`,
    window: t`Pick at least one day; "from" must not be later than "to" (no crossing midnight).`,
    switch: t`Turn it on or off.`,
  }[input.kind];
  const save = async (reason: string) => {
    await call('admin/settings/update', { name, value: next as JsonValue, reason }, { silent: true });
    showToast(t`Setting saved`, { tone: 'success' });
    onSaved();
  };
  const update = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  return (
    <ActionDialog
      title={t`Change "${i18n._(settingTexts[name].title)}"`}
      summary={
        <p className={styles.muted}>
          {i18n._(settingTexts[name].description)} {t`Now: ${valueText(name, value)}.`}
        </p>
      }
      confirmLabel={t`Save setting`}
      ready={valid && changed}
      onConfirm={save}
      onClose={onClose}
    >
      {input.kind === 'rupees' || input.kind === 'integer' ? (
        <label className={styles.field}>
          {input.kind === 'rupees' ? t`Amount in rupees (₹)` : t`Value`}
          <input className={styles.control} name="value" inputMode={input.kind === 'rupees' ? 'decimal' : 'numeric'} value={draft.text} onChange={(event) => update({ text: event.target.value })} />
        </label>
      ) : null}
      {input.kind === 'switch' ? (
        <label className={styles.checkRow}>
          <input type="checkbox" name="value" checked={draft.on} onChange={(event) => update({ on: event.target.checked })} />
          {t`On`}
        </label>
      ) : null}
      {input.kind === 'window' ? (
        <fieldset className={styles.checkRow} style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend className={styles.muted}>{t`Days (IST)`}</legend>
          {isoWeekdays.map((day) => (
            <label key={day} className={styles.checkRow}>
              <input
                type="checkbox"
                checked={draft.days.includes(day)}
                onChange={(event) => update({ days: event.target.checked ? [...draft.days, day] : draft.days.filter((chosen) => chosen !== day) })}
              />
              {weekdayName(day, intlLocaleOf(format.locale), 'long')}
            </label>
          ))}
        </fieldset>
      ) : null}
      {input.kind === 'window' || input.kind === 'hours' ? (
        <div className={styles.formGrid}>
          <label className={styles.field}>
            {input.kind === 'window' ? t`From (IST)` : t`From (hours)`}
            <input className={styles.control} name="from" type={input.kind === 'window' ? 'time' : 'text'} inputMode="numeric" value={draft.from} onChange={(event) => update({ from: event.target.value })} />
          </label>
          <label className={styles.field}>
            {input.kind === 'window' ? t`To (IST)` : t`To (hours)`}
            <input className={styles.control} name="to" type={input.kind === 'window' ? 'time' : 'text'} inputMode="numeric" value={draft.to} onChange={(event) => update({ to: event.target.value })} />
          </label>
        </div>
      ) : null}
      {valid ? (
        <p className={styles.muted} data-testid="new-value">
          {t`New value: ${valueText(name, next as JsonValue)}`}
        </p>
      ) : (
        <p className={styles.errorText} data-testid="value-problem">
          {hint}
        </p>
      )}
    </ActionDialog>
  );
}
