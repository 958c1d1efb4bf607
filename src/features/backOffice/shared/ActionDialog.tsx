import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { reasonLengthMax } from '../../../../contract/paging.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from './backOffice.css.ts';
import { failureText } from './failureText.ts';

type ActionDialogProps = {
  title: string;
  /** What will happen, and what to check before confirming. */
  summary?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Extra inputs (a bank reference, a form). */
  children?: ReactNode;
  /** False keeps Confirm disabled while the extra inputs are incomplete. */
  ready?: boolean;
  wide?: boolean;
  /** Sends the command (silently); a refusal it throws is shown here, translated. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
};

/**
 * The one way a staff action is taken: a dialog that says what will happen, asks why (the
 * contract requires a reason; the user may read it in their audit log), and sends only on
 * an explicit Confirm. A refusal stays in the dialog so the reason typed is not lost.
 */
export function ActionDialog({ title, summary, confirmLabel, danger = false, children, ready = true, wide = false, onConfirm, onClose }: ActionDialogProps) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSingleFlight(async () => {
    setError(null);
    try {
      await onConfirm(reason.trim());
    } catch (failure) {
      setError(failureText(failure, i18n));
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() !== '' && ready) run();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${wide ? styles.wideDialog : ''}`} aria-describedby={undefined}>
          <div className={styles.panelHeader}>
            <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
            <Dialog.Close className={styles.iconButton} aria-label={t({ message: 'Close', context: 'back office' })}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {summary}
            {children}
            <label className={styles.field}>
              <Trans>Reason (required, kept in the audit log)</Trans>
              <textarea
                className={styles.textarea}
                name="reason"
                value={reason}
                maxLength={reasonLengthMax}
                required
                onChange={(event) => setReason(event.target.value)}
              />
            </label>
            {error ? (
              <p role="alert" className={styles.errorText}>
                {error}
              </p>
            ) : null}
            <div className={styles.actions} style={{ justifyContent: 'flex-end' }}>
              <Button variant="ghost" className={styles.smallButton} onClick={onClose}>
                <Trans context="back office">Cancel</Trans>
              </Button>
              <Button type="submit" className={`${styles.smallButton} ${danger ? styles.dangerButton : ''}`} busy={busy} disabled={reason.trim() === '' || !ready}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
