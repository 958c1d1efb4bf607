import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type RestrictionName, type Restrictions, restrictionNames } from '../../../../contract/accounts.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { useMayUse } from '../shared/access.ts';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';

type Pending = { name: RestrictionName; on: boolean };

/**
 * The four independent restriction switches. Turning one on or off asks for the reason the
 * user will read; roles that may not change them see the switches read-only.
 */
export function RestrictionSwitches({ userId, account, restrictions, onChanged }: { userId: string; account: string; restrictions: Restrictions; onChanged: (next: Restrictions) => void }) {
  const { t } = useLingui();
  const labels = useBackOfficeLabels();
  const mayChange = useMayUse('admin/users/setRestriction');
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = async (reason: string) => {
    if (!pending) return;
    const result = await call('admin/users/setRestriction', { user_id: userId, restriction: pending.name, on: pending.on, reason }, { silent: true });
    onChanged(result.restrictions);
    showToast(pending.on ? t`${labels.restriction[pending.name]}: switched on` : t`${labels.restriction[pending.name]}: switched off`, { tone: 'success' });
    setPending(null);
  };
  return (
    <section className={styles.section} aria-label={t`Restrictions`}>
      <h2 className={styles.sectionTitle}>
        <Trans>Restrictions</Trans>
      </h2>
      {!mayChange ? <p className={styles.muted}>{t`Your role can see these switches but not change them.`}</p> : null}
      {restrictionNames.map((name) => (
        <label key={name} className={styles.checkRow}>
          <input
            type="checkbox"
            role="switch"
            checked={restrictions[name]}
            aria-checked={restrictions[name]}
            disabled={!mayChange}
            // The switch moves only once the server has recorded the change.
            onChange={(event) => {
              event.preventDefault();
              setPending({ name, on: !restrictions[name] });
            }}
          />
          <strong>{labels.restriction[name]}</strong>
          <span className={styles.muted}>{labels.restrictionHelp[name]}</span>
        </label>
      ))}
      {pending ? (
        <ActionDialog
          title={pending.on ? t`Switch on "${labels.restriction[pending.name]}" for ${account}?` : t`Switch off "${labels.restriction[pending.name]}" for ${account}?`}
          summary={<p className={styles.muted}>{labels.restrictionHelp[pending.name]} {t`The user receives a message with your reason.`}</p>}
          confirmLabel={pending.on ? t`Switch on` : t`Switch off`}
          danger={pending.on}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
