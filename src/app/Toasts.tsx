import { useSnapshot } from 'valtio';
import * as styles from './shell.css.ts';
import { toastState } from './toastStore.ts';

export function Toasts() {
  const { toasts } = useSnapshot(toastState);
  return (
    <div className={styles.toastArea} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
