import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import * as styles from './funding.css.ts';

/** The spec's QR defaults: 256 × 256 px, error correction H (still reads with 30 % of it damaged). */
export const qrOptions = { width: 256, height: 256, errorCorrectionLevel: 'H' } as const;

/**
 * The address as a QR code, for scanning from an exchange app (and, with its own label, any
 * other text to scan, such as a second factor's otpauth:// URI). qr-code-styling is loaded
 * only when a QR code is first shown, so no other screen pays for it.
 */
export function WalletQrCode({ data, label, fallback }: { data: string; label?: string; fallback?: string }) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    import('qr-code-styling').then(
      ({ default: QRCodeStyling }) => {
        const container = box.current;
        if (cancelled || !container) return;
        const code = new QRCodeStyling({ type: 'svg', width: qrOptions.width, height: qrOptions.height, margin: 8, data, qrOptions: { errorCorrectionLevel: qrOptions.errorCorrectionLevel } });
        container.replaceChildren();
        code.append(container);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [data]);
  return (
    <div className={styles.qrBox} ref={box} role="img" aria-label={label ?? t`QR code of the wallet address`} data-testid="wallet-qr">
      {failed ? <span className={styles.muted}>{fallback ?? t`The QR code could not be shown. Copy the address instead.`}</span> : null}
    </div>
  );
}
