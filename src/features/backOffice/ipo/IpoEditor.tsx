import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { adminIpoSaveRequest } from '../../../../contract/ipo.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { FormFieldGrid, useFieldProblems } from '../shared/FormFieldGrid.tsx';
import { type AdminIpoRow, fromIstInput, toIstInput } from './ipoAdminText.ts';

type TextField =
  | 'issuer'
  | 'code'
  | 'isin'
  | 'sponsor_broker'
  | 'price'
  | 'price_low'
  | 'lot'
  | 'issue_shares'
  | 'retail_shares'
  | 'max_applications_per_user'
  | 'retail_cap'
  | 'public_value_source';
type DateField = 'open_at' | 'close_at' | 'draw_at' | 'listing_at';
type Form = Record<TextField | DateField, string> & { payment_after_draw: boolean };

const dateInputs: Record<DateField, string> = { open_at: 'datetime-local', close_at: 'datetime-local', draw_at: 'datetime-local', listing_at: 'datetime-local' };

const emptyForm: Form = {
  issuer: '',
  code: '',
  isin: '',
  sponsor_broker: '',
  price: '',
  price_low: '',
  lot: '',
  issue_shares: '',
  retail_shares: '',
  max_applications_per_user: '1',
  retail_cap: '',
  public_value_source: '',
  open_at: '',
  close_at: '',
  draw_at: '',
  listing_at: '',
  payment_after_draw: false,
};

function formOf(issue: AdminIpoRow | null): Form {
  if (!issue) return emptyForm;
  return {
    issuer: issue.issuer,
    code: issue.code,
    isin: issue.isin,
    sponsor_broker: issue.sponsor_broker,
    price: issue.price,
    issue_shares: issue.issue_shares,
    retail_shares: issue.retail_shares,
    retail_cap: issue.retail_cap,
    public_value_source: issue.public_value_source,
    // No control for it: the server refuses payment after the draw until a pay command exists.
    payment_after_draw: issue.payment_after_draw,
    price_low: issue.price_low ?? '',
    lot: String(issue.lot),
    max_applications_per_user: String(issue.max_applications_per_user),
    open_at: toIstInput(issue.open_at),
    close_at: toIstInput(issue.close_at),
    draw_at: toIstInput(issue.draw_at),
    listing_at: toIstInput(issue.listing_at),
  };
}

/** A whole number typed in a box, or the text itself so the contract's check names the field. */
const wholeNumber = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number.parseInt(text.trim(), 10) : text);

/** Creates an issue, or edits one still upcoming, checked with the contract's own rules before it is sent. */
export function IpoEditor({ issue, onClose, onSaved }: { issue: AdminIpoRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>(() => formOf(issue));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const request = {
    ...(issue ? { ipo_id: issue.id } : {}),
    ...form,
    price_low: form.price_low.trim() === '' ? null : form.price_low,
    retail_cap: form.retail_cap.trim() === '' ? null : form.retail_cap,
    lot: wholeNumber(form.lot),
    max_applications_per_user: wholeNumber(form.max_applications_per_user),
    open_at: fromIstInput(form.open_at),
    close_at: fromIstInput(form.close_at),
    draw_at: fromIstInput(form.draw_at),
    listing_at: fromIstInput(form.listing_at),
  };
  // The reason is checked by the dialog; a placeholder keeps it out of these field errors.
  const checked = adminIpoSaveRequest.safeParse({ ...request, reason: 'x' });
  const problems = useFieldProblems(checked);
  const textLabels: Record<TextField, string> = {
    issuer: t`Issuer (company)`,
    code: t`Instrument code it will list under`,
    isin: t`ISIN`,
    sponsor_broker: t`Sponsor broker (lead manager)`,
    price: t`Price, or the band's upper end (₹)`,
    price_low: t`Band's lower end (₹, empty for a fixed price)`,
    lot: t`Lot (shares)`,
    issue_shares: t`Issue size (shares)`,
    retail_shares: t`Retail shares`,
    max_applications_per_user: t`Applications per user`,
    retail_cap: t`Retail cap per application (₹, empty for the setting)`,
    public_value_source: t`Public value of the draw, announced now (e.g. NIFTY 50 close on a date)`,
  };
  const dateLabels: Record<DateField, string> = {
    open_at: t`Opens (IST)`,
    close_at: t`Closes (IST)`,
    draw_at: t`Draw (IST)`,
    listing_at: t`Listing (IST)`,
  };
  const save = async (reason: string) => {
    // What the contract's schema made of the form (trimmed) is what is sent.
    if (!checked.success) return;
    await call('admin/ipo/save', { ...checked.data, reason }, { silent: true });
    showToast(t`IPO saved`, { tone: 'success' });
    onSaved();
  };
  const touch = (field: string) => setTouched(new Set(touched).add(field));
  return (
    <ActionDialog
      title={issue ? t`Edit IPO ${issue.issuer}` : t`New IPO`}
      summary={<p className={styles.muted}>{t`Users see every field. An issue can be edited freely until it opens; after that only its dates move (Extend).`}</p>}
      confirmLabel={t`Save IPO`}
      ready={checked.success}
      wide
      onConfirm={save}
      onClose={onClose}
    >
      <FormFieldGrid
        labels={{ ...textLabels, ...dateLabels }}
        values={form}
        problems={problems}
        inputTypes={dateInputs}
        onChange={(field, value) => setForm({ ...form, [field]: value })}
        showsProblem={(field) => touched.has(field)}
        onBlur={touch}
      />
    </ActionDialog>
  );
}
