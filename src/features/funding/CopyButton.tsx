import { Trans, useLingui } from '@lingui/react/macro';
import { showToast } from '../../app/toastStore.ts';
import * as styles from './funding.css.ts';

/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts (https,
 * localhost); a phone opening the app over plain http on the LAN falls back to a hidden
 * textarea and the older copy command.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  } catch {
    return false;
  }
}

/** A "Copy" button whose accessible name says what it copies. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const { t } = useLingui();
  const copy = async () => {
    if (await copyText(text)) showToast(t`${what} copied`, { tone: 'success' });
    else showToast(t`Could not copy. Select the text and copy it yourself.`);
  };
  return (
    <button type="button" className={styles.copyButton} onClick={() => void copy()} aria-label={t`Copy ${what}`}>
      <Trans>Copy</Trans>
    </button>
  );
}

/** A labelled value with a copy button: the details a user types into their bank app. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.copyRow}>
      <span className={styles.copyLabel}>{label}</span>
      <span className={styles.copyValue}>{value}</span>
      <CopyButton text={value} what={label} />
    </div>
  );
}
