import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { UploadPurpose } from '../../../contract/uploads.ts';
import { uploadImage } from '../../api/uploads.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { Icon } from '../../ui/icons.tsx';
import { spinner } from '../../ui/ui.css.ts';
import { Button } from '../../ui/widgets.tsx';
import * as styles from './identity.css.ts';

// One ID photo: the phone's camera (or gallery) opens on tap, the photo shows at once as a
// preview, uploads in the background, and a failed upload says why (the server's size
// limit included) and offers Retry without choosing the photo again.

type PhotoState =
  | { phase: 'empty' }
  | { phase: 'uploading'; file: File; previewUrl: string }
  | { phase: 'done'; file: File; previewUrl: string; uploadId: string }
  | { phase: 'failed'; file: File; previewUrl: string; problem: string };

export type PhotoStatus = { uploadId: string | null; uploading: boolean };

export function PhotoPicker({
  purpose,
  label,
  onChange,
}: {
  purpose: Extract<UploadPurpose, 'kyc_front' | 'kyc_back'>;
  label: string;
  onChange: (status: PhotoStatus) => void;
}) {
  const { t } = useLingui();
  const [state, setState] = useState<PhotoState>({ phase: 'empty' });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Only the latest choice may set the state: a slow upload of a replaced photo is ignored.
  const attempt = useRef(0);

  const previewUrl = state.phase === 'empty' ? '' : state.previewUrl;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  useEffect(() => {
    onChangeRef.current({ uploadId: state.phase === 'done' ? state.uploadId : null, uploading: state.phase === 'uploading' });
  }, [state]);

  async function upload(file: File, url: string) {
    const current = ++attempt.current;
    setState({ phase: 'uploading', file, previewUrl: url });
    const answer = await uploadImage(file, purpose);
    if (current !== attempt.current) return;
    if (answer.status === 1 && answer.data) setState({ phase: 'done', file, previewUrl: url, uploadId: answer.data.upload_id });
    else setState({ phase: 'failed', file, previewUrl: url, problem: translateServerMessage(answer.msg) });
  }

  function choose(file: File | undefined) {
    if (!file) return;
    // Saves a pointless upload on a slow network; the server judges the content anyway.
    if (file.type && !file.type.startsWith('image/')) {
      attempt.current += 1;
      setState({ phase: 'failed', file, previewUrl: '', problem: translateServerMessage('upload_not_an_image') });
      return;
    }
    void upload(file, URL.createObjectURL(file));
  }

  const inputId = `photo-${purpose}`;
  return (
    <div className={styles.photoColumn}>
      <label className={styles.photoTile} htmlFor={inputId} data-testid={`photo-${purpose}`} data-phase={state.phase}>
        {previewUrl ? <img className={styles.photoPreview} src={previewUrl} alt={label} /> : null}
        {state.phase === 'empty' ? (
          <>
            <Icon name="plus" size={28} />
            <span>{label}</span>
            <span className={styles.hint}>
              <Trans>Tap to take a photo</Trans>
            </span>
          </>
        ) : null}
        {state.phase === 'uploading' ? (
          <span className={styles.photoOverlay}>
            <span className={spinner} aria-hidden="true" />
            <Trans>Uploading…</Trans>
          </span>
        ) : null}
        {state.phase === 'done' ? (
          <span className={styles.photoBadge}>
            <Icon name="check" size={14} />
            <Trans>Uploaded</Trans>
          </span>
        ) : null}
        <input
          id={inputId}
          className={styles.photoInput}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={state.phase === 'empty' ? label : t`Replace photo: ${label}`}
          disabled={state.phase === 'uploading'}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file may be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </label>
      {/* Once the tile shows a photo, this says which side it is. */}
      {state.phase !== 'empty' ? <span className={styles.hint}>{label}</span> : null}
      {state.phase === 'failed' ? (
        <>
          <p className={styles.photoError} role="alert">
            {state.problem}
          </p>
          <Button variant="soft" onClick={() => void upload(state.file, state.previewUrl)}>
            <Icon name="refresh" size={16} />
            <Trans>Retry upload</Trans>
          </Button>
        </>
      ) : null}
    </div>
  );
}
