import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RequestOf } from '../../../contract/api.ts';
import { aadhaarPattern, type IdType, idTypes, type KycState, panPattern, verhoeffValid } from '../../../contract/identity.ts';
import { call } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button, TextField } from '../../ui/widgets.tsx';
import * as styles from './identity.css.ts';
import { idTypeLabels } from './KycStatusCard.tsx';
import { PhotoPicker, type PhotoStatus } from './PhotoPicker.tsx';

// The KYC form: name, ID type, ID number checked as it is typed (the contract's own PAN
// pattern and Aadhaar Verhoeff check, so the screen and the server never disagree), the
// two photos, and one submit that cannot be sent twice.

const idLength: Record<IdType, number> = { pan: 10, aadhaar: 12 };

/** Keeps only what the chosen ID can contain, so a pasted "ABCDE 1234 f" or "2345-6789-0123" just works. */
export function normaliseIdNumber(idType: IdType, typed: string): string {
  const cleaned = idType === 'pan' ? typed.toUpperCase().replace(/[^A-Z0-9]/g, '') : typed.replace(/\D/g, '');
  return cleaned.slice(0, idLength[idType]);
}

export type IdNumberCheck = 'empty' | 'incomplete' | 'valid' | 'bad_format' | 'bad_check_digit';

export function checkIdNumber(idType: IdType, idNumber: string): IdNumberCheck {
  if (idNumber === '') return 'empty';
  if (idType === 'pan') {
    if (panPattern.test(idNumber)) return 'valid';
    return idNumber.length < idLength.pan ? 'incomplete' : 'bad_format';
  }
  if (idNumber.length < idLength.aadhaar) return /^[01]/.test(idNumber) ? 'bad_format' : 'incomplete';
  if (!aadhaarPattern.test(idNumber)) return 'bad_format';
  return verhoeffValid(idNumber) ? 'valid' : 'bad_check_digit';
}

const noPhoto: PhotoStatus = { uploadId: null, uploading: false };

export function KycForm({ previous, onSubmitted }: { previous: KycState | null; onSubmitted: (state: KycState) => void }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState(previous?.name ?? '');
  const [idType, setIdType] = useState<IdType>(previous?.id_type ?? 'pan');
  const [idNumber, setIdNumber] = useState('');
  const [idTouched, setIdTouched] = useState(false);
  const [front, setFront] = useState<PhotoStatus>(noPhoto);
  const [back, setBack] = useState<PhotoStatus>(noPhoto);

  const check = checkIdNumber(idType, idNumber);
  // Say nothing while the user is still typing a number that could yet be right.
  const showCheck = check === 'valid' || check === 'bad_check_digit' || check === 'bad_format' || (idTouched && check === 'incomplete');
  const checkText: Record<IdNumberCheck, string> = {
    empty: '',
    valid: t`Format looks right`,
    incomplete: idType === 'pan' ? t`A PAN has 10 characters, e.g. ABCDE1234F.` : t`An Aadhaar number has 12 digits.`,
    bad_format: idType === 'pan' ? t`A PAN is 5 letters, 4 digits and 1 letter, e.g. ABCDE1234F.` : t`An Aadhaar number has 12 digits and does not start with 0 or 1.`,
    bad_check_digit: t`This Aadhaar number does not add up: check each digit against your card.`,
  };
  const uploading = front.uploading || back.uploading;

  const { busy, run } = useSingleFlight(async () => {
    setIdTouched(true);
    // A photo not added yet travels as missing: the server answers kyc_photos_required, translated.
    const form = { name: name.trim(), id_type: idType, id_number: idNumber, front_upload_id: front.uploadId ?? undefined, back_upload_id: back.uploadId ?? undefined };
    const state = await call('user/kycSubmit', form as RequestOf<'user/kycSubmit'>);
    showToast(t`Submitted. We will let you know when your documents are checked.`, { tone: 'success' });
    onSubmitted(state);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`Identity verification form`}>
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>
          <Trans>Your ID</Trans>
        </h2>
        <TextField label={t`Full name as on your ID`} name="name" autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        <div className={styles.segmented} role="radiogroup" aria-label={t`ID type`}>
          {idTypes.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={idType === type}
              className={styles.segment[idType === type ? 'on' : 'off']}
              onClick={() => {
                setIdType(type);
                setIdNumber(normaliseIdNumber(type, idNumber));
              }}
            >
              {i18n._(idTypeLabels[type])}
            </button>
          ))}
        </div>
        <TextField
          label={idType === 'pan' ? t`PAN number` : t`Aadhaar number`}
          name="id_number"
          inputMode={idType === 'pan' ? 'text' : 'numeric'}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={idType === 'pan' ? 'ABCDE1234F' : t`12 digits`}
          value={idNumber}
          aria-invalid={showCheck && check !== 'valid'}
          aria-describedby="id-number-check"
          onChange={(event) => setIdNumber(normaliseIdNumber(idType, event.target.value))}
          onBlur={() => setIdTouched(true)}
        />
        <p id="id-number-check" className={styles.fieldCheck[check === 'valid' ? 'ok' : 'problem']} aria-live="polite" data-testid="id-number-check">
          {showCheck ? checkText[check] : ''}
        </p>
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>
          <Trans>Photos of your ID</Trans>
        </h2>
        <p className={styles.hint}>
          <Trans>Place the card on a dark surface in good light. All four corners and every character must be readable, without glare.</Trans>
        </p>
        <div className={styles.photoGrid}>
          <PhotoPicker purpose="kyc_front" label={t`Front of the card`} onChange={setFront} />
          <PhotoPicker purpose="kyc_back" label={t`Back of the card`} onChange={setBack} />
        </div>
      </section>

      <p className={styles.hint}>
        <Trans>Your documents are used only to verify your identity and are shown only to you and to our review staff.</Trans>
      </p>
      <Button type="submit" block busy={busy} disabled={uploading}>
        {busy ? <Trans>Submitting…</Trans> : uploading ? <Trans>Waiting for photos to upload…</Trans> : <Trans>Submit for verification</Trans>}
      </Button>
    </form>
  );
}
