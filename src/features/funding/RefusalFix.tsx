import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { MessageKey } from '../../../contract/messages.ts';
import { CommandRefused } from '../../api/commandBus.ts';
import { openCustomerService } from '../../app/customerService.ts';
import { Icon } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { Button } from '../../ui/widgets.tsx';
import * as styles from './funding.css.ts';

// A refusal the user can do something about gets a button that goes there, next to the
// toast's sentence: "Complete KYC first" opens the KYC page, "Set a fund password" the
// fund password page. Refusals without a remedy in the app show the toast only.

export type Fix = { text: string; label: string } & ({ to: string; search?: Record<string, string> } | { contactSupport: true });

export function useFixes() {
  const { t } = useLingui();
  const kyc: Fix = { text: t`Complete KYC first.`, label: t`Verify identity (KYC)`, to: '/information/authInfo' };
  const fundPassword: Fix = { text: t`Set a fund password first.`, label: t`Set fund password`, to: '/information/fundPass' };
  const card: Fix = { text: t`Add a bank account in your own name first.`, label: t`Add bank account`, to: '/information/addBankCard' };
  const byKey: Partial<Record<MessageKey, Fix>> = {
    complete_kyc_first: kyc,
    kyc_under_review: { text: t`Your KYC is under review. You can continue once it is verified.`, label: t`View KYC status`, to: '/information/authInfo' },
    card_not_holders_own: { text: t`The account holder must be you, named exactly as on your verified ID.`, label: t`View KYC details`, to: '/information/authInfo' },
    fund_password_not_set: fundPassword,
    card_required: card,
    deposit_pending: { text: t`You have a deposit under review. Wait for its result first.`, label: t`View deposit history`, to: '/information/recharge', search: { tab: 'history' } },
    other_fund_operation_in_progress: { text: t`Another withdrawal is in progress. Wait for it to finish.`, label: t`View withdrawal records`, to: '/information/cashOut' },
    account_cannot_withdraw: { text: t`Withdrawals are barred on this account.`, label: t`Contact customer service`, contactSupport: true },
    account_frozen: { text: t`Your account is frozen.`, label: t`Contact customer service`, contactSupport: true },
  };
  const forRefusal = (error: unknown): Fix | null => (error instanceof CommandRefused && error.key ? (byKey[error.key] ?? null) : null);
  return { kyc, fundPassword, card, forRefusal };
}

/** The sentence and the button that fixes it, as an inline notice. */
export function FixNotice({ fix }: { fix: Fix }) {
  return (
    <div className={styles.notice.warning} role="alert" data-testid="fix-notice" style={{ flexDirection: 'column' }}>
      <span className={styles.fixText}>
        <Icon name="warning" size={18} />
        {fix.text}
      </span>
      <FixButton fix={fix} />
    </div>
  );
}

export function FixButton({ fix, compact = false }: { fix: Fix; compact?: boolean }) {
  if ('contactSupport' in fix) {
    return compact ? (
      <button type="button" className={styles.ruleFix} onClick={() => openCustomerService()}>
        {fix.label}
      </button>
    ) : (
      <Button variant="secondary" onClick={() => openCustomerService()}>
        {fix.label}
      </Button>
    );
  }
  return (
    <Link to={fix.to} search={fix.search} className={compact ? styles.ruleFix : button.secondary}>
      {fix.label}
    </Link>
  );
}
