import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { loadUploadedImage } from '../../../api/uploads.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/widgets.tsx';
import { staffSessionHeaders } from '../session/staffSession.ts';
import * as styles from './backOffice.css.ts';

type ImageState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * An uploaded image only staff (or its owner) may read: an <img src> cannot send the
 * session headers, so it is fetched with the staff session and shown from an object URL,
 * released when the image leaves the screen.
 */
function useUploadedImage(uploadId: string): ImageState {
  const [state, setState] = useState<ImageState>({ status: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    setState({ status: 'loading' });
    void loadUploadedImage(uploadId, staffSessionHeaders() ?? 'cookies').then((loaded) => {
      url = loaded;
      if (!current) {
        if (loaded) URL.revokeObjectURL(loaded);
        return;
      }
      setState(loaded ? { status: 'ready', url: loaded } : { status: 'failed' });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [uploadId]);
  return state;
}

/** A thumbnail that opens a zoomable, pannable view: reviewers read ID numbers off photos. */
export function StaffImage({ uploadId, label }: { uploadId: string; label: string }) {
  const { t } = useLingui();
  const image = useUploadedImage(uploadId);
  const [zoomed, setZoomed] = useState(false);
  if (image.status === 'loading') return <Skeleton width="100%" height={160} radius={8} />;
  if (image.status === 'failed') {
    return (
      <div className={styles.thumb} role="img" aria-label={label}>
        <span className={styles.thumbPlaceholder}>
          <Trans>{label}: image not available</Trans>
        </span>
      </div>
    );
  }
  return (
    <>
      <button type="button" className={styles.thumb} onClick={() => setZoomed(true)} aria-label={t`Zoom: ${label}`}>
        <img className={styles.thumbImage} src={image.url} alt={label} />
        <span className={styles.muted} style={{ padding: '0 8px 6px' }}>
          {label}
        </span>
      </button>
      <Dialog.Root open={zoomed} onOpenChange={setZoomed}>
        <Dialog.Portal>
          <Dialog.Overlay className={styles.overlay} />
          <Dialog.Content className={`${styles.dialog} ${styles.wideDialog}`} aria-describedby={undefined}>
            <div className={styles.panelHeader}>
              <Dialog.Title className={styles.dialogTitle}>{label}</Dialog.Title>
              <Dialog.Close className={styles.iconButton} aria-label={t({ message: 'Close', context: 'back office' })}>
                <Icon name="close" size={18} />
              </Dialog.Close>
            </div>
            <TransformWrapper minScale={1} maxScale={8} wheel={{ step: 0.2 }}>
              {({ zoomIn, zoomOut, resetTransform }) => (
                <>
                  <div className={styles.actions}>
                    <button type="button" className={styles.iconButton} onClick={() => zoomIn()} aria-label={t`Zoom in`}>
                      <Icon name="zoomIn" size={18} />
                    </button>
                    <button type="button" className={styles.iconButton} onClick={() => zoomOut()} aria-label={t`Zoom out`}>
                      <Icon name="zoomOut" size={18} />
                    </button>
                    <button type="button" className={styles.iconButton} onClick={() => resetTransform()} aria-label={t`Reset zoom`}>
                      <Icon name="refresh" size={18} />
                    </button>
                    <span className={styles.muted}>
                      <Trans>Scroll or pinch to zoom, drag to move.</Trans>
                    </span>
                  </div>
                  <TransformComponent wrapperClass={styles.zoomStage}>
                    <img className={styles.zoomImage} src={image.url} alt={label} />
                  </TransformComponent>
                </>
              )}
            </TransformWrapper>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
