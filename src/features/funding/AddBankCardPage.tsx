import { Trans, useLingui } from '@lingui/react/macro';
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useCallback, useState } from 'react';
import { bankAccountNumberPattern, ifscPattern } from '../../../contract/funding.ts';
import { call } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button } from '../../ui/widgets.tsx';
import { FormField } from './FormField.tsx';
import * as styles from './funding.css.ts';
import { type Fix, FixNotice, useFixes } from './RefusalFix.tsx';

type CardForm = { holder_name: string; account_no: string; account_no2: string; bank_name: string; branch: string; bank_code: string; ifsc: string };
type FieldName = keyof CardForm;

const ifscLength = 11;

/** /information/addBankCard: a bank account in the user's own name, typed with care. */
export function AddBankCardPage() {
  const { t } = useLingui();
  const fixes = useFixes();
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // The verified name: the holder must match it, so it is filled in for the user.
  const kyc = useLoad(useCallback(() => call('user/kyc', {}, { silent: true }), []));
  const kycState = kyc.state.status === 'ready' ? kyc.state.data : null;
  const verifiedName = kycState?.status === 'verified' ? (kycState.name ?? '') : null;

  const [form, setForm] = useState<CardForm>({ holder_name: '', account_no: '', account_no2: '', bank_name: '', branch: '', bank_code: '', ifsc: '' });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [refusalFix, setRefusalFix] = useState<Fix | null>(null);
  // Until the user edits it, the holder name is the verified one.
  const [holderEdited, setHolderEdited] = useState(false);
  const holderName = holderEdited ? form.holder_name : (verifiedName ?? form.holder_name);

  const set = (name: FieldName, value: string) => setForm((previous) => ({ ...previous, [name]: value }));
  const blur = (name: FieldName) => setTouched((previous) => ({ ...previous, [name]: true }));
  const show = (name: FieldName) => triedSubmit || touched[name] === true;

  const required = t`Required`;
  const errors: Record<FieldName, string | null> = {
    holder_name: holderName.trim() === '' ? required : null,
    account_no: form.account_no === '' ? required : bankAccountNumberPattern.test(form.account_no) ? null : t`Enter the account number: 9 to 18 digits.`,
    account_no2: form.account_no2 === '' ? required : form.account_no2 === form.account_no ? null : t`The account numbers do not match.`,
    bank_name: form.bank_name.trim() === '' ? required : null,
    branch: form.branch.trim() === '' ? required : null,
    bank_code: form.bank_code.trim() === '' ? required : null,
    ifsc: form.ifsc === '' ? required : ifscPattern.test(form.ifsc) ? null : t`An IFSC has 11 characters: 4 letters, 0, then 6 letters or digits (e.g. SBIN0001234).`,
  };
  // The IFSC is judged as soon as it is complete, before the user leaves the field.
  const errorOf = (name: FieldName) => (show(name) || (name === 'ifsc' && form.ifsc.length >= ifscLength) ? errors[name] : null);

  const kycBlocks = kycState !== null && kycState.status !== 'verified';
  const kycFix: Fix | null =
    kycState?.status === 'under_review' ? { ...fixes.kyc, text: t`Your KYC is under review. You can add a bank account once it is verified.`, label: t`View KYC status` } : kycBlocks ? fixes.kyc : null;

  const { busy, run } = useSingleFlight(async () => {
    setRefusalFix(null);
    try {
      await call('user/addBankCard', {
        holder_name: holderName.trim(),
        account_no: form.account_no,
        bank_name: form.bank_name.trim(),
        branch: form.branch.trim(),
        bank_code: form.bank_code.trim(),
        ifsc: form.ifsc,
      });
    } catch (error) {
      setRefusalFix(fixes.forRefusal(error));
      throw error;
    }
    showToast(t`Bank account added`, { tone: 'success' });
    // Back to where the user came from (the withdrawal form, the list); a bookmark lands on the list.
    if (canGoBack) router.history.back();
    else void navigate({ to: '/information/bankList', replace: true });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (Object.values(errors).some((error) => error !== null) || kycBlocks) return;
    run();
  };

  const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 18);
  return (
    <form className={styles.formPage} onSubmit={submit} noValidate>
      {kycFix ? <FixNotice fix={kycFix} /> : null}
      {refusalFix ? <FixNotice fix={refusalFix} /> : null}
      <section className={styles.card}>
        <FormField
          label={t`Account holder name`}
          name="holder_name"
          value={holderName}
          autoComplete="name"
          maxLength={100}
          onChange={(event) => {
            setHolderEdited(true);
            set('holder_name', event.target.value);
          }}
          onBlur={() => blur('holder_name')}
          error={errorOf('holder_name')}
          hint={verifiedName ? <Trans>Must match your verified KYC name: {verifiedName}</Trans> : <Trans>Must match the name on your verified KYC.</Trans>}
        />
        <FormField label={t`Account number`} name="account_no" value={form.account_no} inputMode="numeric" autoComplete="off" onChange={(event) => set('account_no', digitsOnly(event.target.value))} onBlur={() => blur('account_no')} error={errorOf('account_no')} />
        <FormField
          label={t`Re-enter account number`}
          name="account_no2"
          value={form.account_no2}
          inputMode="numeric"
          autoComplete="off"
          // Typed twice from the passbook, never pasted from the first field: that is the point.
          onPaste={(event) => event.preventDefault()}
          onChange={(event) => set('account_no2', digitsOnly(event.target.value))}
          onBlur={() => blur('account_no2')}
          error={errorOf('account_no2')}
        />
        <FormField label={t`IFSC`} name="ifsc" value={form.ifsc} autoCapitalize="characters" autoComplete="off" maxLength={ifscLength} onChange={(event) => set('ifsc', event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))} onBlur={() => blur('ifsc')} error={errorOf('ifsc')} hint={<Trans>On your cheque book or passbook, e.g. SBIN0001234.</Trans>} />
        <FormField label={t`Bank name`} name="bank_name" value={form.bank_name} maxLength={100} onChange={(event) => set('bank_name', event.target.value)} onBlur={() => blur('bank_name')} error={errorOf('bank_name')} />
        <FormField label={t`Branch`} name="branch" value={form.branch} maxLength={100} onChange={(event) => set('branch', event.target.value)} onBlur={() => blur('branch')} error={errorOf('branch')} />
        <FormField label={t`Bank code`} name="bank_code" value={form.bank_code} maxLength={32} autoComplete="off" onChange={(event) => set('bank_code', event.target.value)} onBlur={() => blur('bank_code')} error={errorOf('bank_code')} />
      </section>
      <p className={styles.muted}>
        <Trans>Only accounts in your own name can be added. Withdrawals are paid to these accounts only.</Trans>
      </p>
      <div className={styles.actionBar}>
        <Button type="submit" block busy={busy} disabled={kycBlocks}>
          <Trans>Add bank account</Trans>
        </Button>
      </div>
    </form>
  );
}
