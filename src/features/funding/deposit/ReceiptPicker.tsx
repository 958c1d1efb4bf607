import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { Icon } from '../../../ui/icons.tsx';
import { button } from '../../../ui/ui.css.ts';
import * as styles from '../funding.css.ts';
import { type ReceiptUpload, uploadReceipt } from './receiptUpload.ts';

type Upload = { status: 'none' } | { status: 'uploading'; progress: number } | { status: 'done'; uploadId: string } | { status: 'failed'; message: string };

/**
 * Picks the receipt photo, shows it, uploads it at once with a progress bar, and reports
 * the upload id when the server has it. A new pick replaces the previous one.
 */
export function ReceiptPicker({ onUploaded, showMissing }: { onUploaded: (uploadId: string | null) => void; showMissing: boolean }) {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ status: 'none' });
  const current = useRef<ReceiptUpload | null>(null);
  const report = useRef(onUploaded);
  report.current = onUploaded;

  // The preview's object URL and a running upload end with the component.
  useEffect(() => () => current.current?.abort(), []);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo picked again after a failure must fire change again.
    event.target.value = '';
    if (!file) return;
    current.current?.abort();
    setPreview(URL.createObjectURL(file));
    setUpload({ status: 'uploading', progress: 0 });
    report.current(null);
    const started = uploadReceipt(file, (progress) => setUpload((previous) => (previous.status === 'uploading' ? { status: 'uploading', progress } : previous)));
    current.current = started;
    void started.done.then((envelope) => {
      if (current.current !== started) return;
      current.current = null;
      if (envelope.status === 1) {
        setUpload({ status: 'done', uploadId: envelope.data.upload_id });
        report.current(envelope.data.upload_id);
      } else {
        setUpload({ status: 'failed', message: translateServerMessage(envelope.msg) });
      }
    });
  };

  const percent = upload.status === 'uploading' ? Math.round(upload.progress * 100) : upload.status === 'done' ? 100 : 0;
  return (
    <div className={styles.receipt}>
      {preview ? <img className={styles.receiptPreview} src={preview} alt={t`Deposit receipt`} data-testid="receipt-preview" /> : <div className={styles.receiptPreview} style={{ display: 'grid', placeItems: 'center' }}><Icon name="card" size={28} /></div>}
      <div className={styles.receiptStatus}>
        {upload.status === 'uploading' || upload.status === 'done' ? (
          <div className={styles.progress} role="progressbar" aria-label={t`Receipt upload`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        <p className={upload.status === 'failed' || (upload.status === 'none' && showMissing) ? styles.fieldError : styles.fieldHint} role={upload.status === 'failed' ? 'alert' : undefined} data-testid="receipt-status" data-status={upload.status}>
          {upload.status === 'uploading' ? (
            <Trans>Uploading… {percent}%</Trans>
          ) : upload.status === 'done' ? (
            <Trans>Receipt uploaded</Trans>
          ) : upload.status === 'failed' ? (
            upload.message
          ) : (
            <Trans>Upload the deposit receipt first.</Trans>
          )}
        </p>
        <label className={button.soft} style={{ position: 'relative' }}>
          {upload.status === 'none' ? <Trans>Choose receipt image</Trans> : <Trans>Choose another image</Trans>}
          <input type="file" accept="image/jpeg,image/png,image/webp" className={styles.filePicker} onChange={pick} data-testid="receipt-input" />
        </label>
      </div>
    </div>
  );
}
