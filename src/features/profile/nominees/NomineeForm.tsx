import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { type NomineeRelationship, nomineeNameLengthMax, nomineeRelationships } from '../../../../contract/profile.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button, Checkbox, TextField } from '../../../ui/widgets.tsx';
import * as styles from '../profile.css.ts';
import { relationshipLabels } from './nomineeLabels.ts';
import { NomineeTerms } from './NomineeTerms.tsx';

type NomineeList = ResponseOf<'user/addNominee'>;

/**
 * The add-a-nominee form. The server checks every rule and answers each with its own
 * translated message (shown as a toast by the command bus); the form keeps what the user
 * typed so a correction is one field, not the whole form again.
 */
export function NomineeForm({ shareRemaining, onAdded, onCancel }: { shareRemaining: number; onAdded: (list: NomineeList) => void; onCancel?: () => void }) {
  const { t, i18n } = useLingui();
  const [relationship, setRelationship] = useState<NomineeRelationship | ''>('');
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [share, setShare] = useState(String(shareRemaining));
  const [accepted, setAccepted] = useState(false);

  const submit = useSingleFlight(async () => {
    const list = await call('user/addNominee', {
      // An unchosen relationship is sent as such: the server answers with the message that asks for it.
      relationship: relationship as NomineeRelationship,
      name,
      id_number: idNumber,
      phone,
      // A whole number or nothing: anything else reaches the server as a non-integer and is refused there.
      share: /^\d{1,3}$/.test(share.trim()) ? Number(share.trim()) : Number.NaN,
      accept_terms: accepted as true,
    });
    showToast(t`Nominee added.`, { tone: 'success' });
    onAdded(list);
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.run();
  };

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label={t`Add a nominee`}>
      <h2 className={styles.cardTitle}>
        <Trans>Add a nominee</Trans>
      </h2>
      <div className={styles.fieldGroup}>
        <label className={styles.fieldLabel} htmlFor="nominee-relationship">
          <Trans>Relationship</Trans>
        </label>
        <select
          id="nominee-relationship"
          name="relationship"
          className={styles.select}
          value={relationship}
          onChange={(event) => setRelationship(event.target.value as NomineeRelationship | '')}
        >
          <option value="">{t`Choose…`}</option>
          {nomineeRelationships.map((option) => (
            <option key={option} value={option}>
              {i18n._(relationshipLabels[option])}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t`Full name (as on the ID)`} name="name" autoComplete="off" maxLength={nomineeNameLengthMax} value={name} onChange={(event) => setName(event.target.value)} />
      <TextField
        label={t`PAN or Aadhaar number`}
        name="id_number"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={16}
        placeholder="ABCDE1234F"
        value={idNumber}
        onChange={(event) => setIdNumber(event.target.value)}
      />
      <TextField
        label={t`Nominee's mobile number`}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        prefix="+91"
        value={phone}
        onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
      />
      <TextField
        label={t`Share (%)`}
        name="share"
        inputMode="numeric"
        maxLength={3}
        trailing={<span className={styles.muted}>{t`of ${shareRemaining}% left`}</span>}
        value={share}
        onChange={(event) => setShare(event.target.value.replace(/\D/g, ''))}
      />
      <h3 className={styles.fieldLabel}>
        <Trans>Terms and conditions of nomination</Trans>
      </h3>
      <NomineeTerms />
      <Checkbox checked={accepted} onChange={setAccepted}>
        <Trans>I have read and accept the terms and conditions of nomination.</Trans>
      </Checkbox>
      <div className={styles.sheetActions}>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} style={{ flex: 1 }}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        <Button type="submit" busy={submit.busy} style={{ flex: 1 }}>
          <Trans>Save nominee</Trans>
        </Button>
      </div>
    </form>
  );
}
