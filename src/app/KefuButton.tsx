import { useLingui } from '@lingui/react/macro';
import { Icon } from '../ui/icons.tsx';
import { openCustomerService } from './customerService.ts';
import * as styles from './shell.css.ts';

/**
 * On every screen: one tap to a human. It is docked in the screen's top bar (the page header,
 * or the top bar of a screen that draws its own) rather than floating over the page, so it
 * never covers a figure, a field or a button, whatever the screen and however it is scrolled.
 */
export function KefuButton({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`${styles.kefuButton}${className ? ` ${className}` : ''}`}
      onClick={() => openCustomerService()}
      aria-label={t`Customer service`}
      data-testid="kefu-button"
    >
      <Icon name="headset" size={22} />
    </button>
  );
}
