import { useLingui } from '@lingui/react/macro';
import { Icon } from '../ui/icons.tsx';
import { openCustomerService } from './customerService.ts';
import * as styles from './shell.css.ts';

/** On every screen: one tap to a human. */
export function KefuButton() {
  const { t } = useLingui();
  return (
    <button type="button" className={styles.kefuButton} onClick={() => openCustomerService()} aria-label={t`Customer service`}>
      <Icon name="headset" size={24} />
    </button>
  );
}
