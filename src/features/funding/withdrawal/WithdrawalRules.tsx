import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import { Icon } from '../../../ui/icons.tsx';
import * as styles from '../funding.css.ts';
import { useFundingLabels } from '../fundingLabels.ts';
import { type Fix, FixButton, useFixes } from '../RefusalFix.tsx';

type WithdrawInfo = ResponseOf<'user/withdrawInfo'>;
type RuleName = keyof WithdrawInfo['rules'];

/** The order the rules are shown in: the ones a user can fix themselves first. */
const ruleOrder: readonly RuleName[] = ['kyc_verified', 'card_bound', 'fund_password_set', 'within_window', 'not_barred', 'no_operation_in_progress'];

/**
 * The published withdrawal rules, each ticked or crossed, with the way to fix an unmet
 * one beside it. Nothing else stands between the user and their money.
 */
export function WithdrawalRules({ info }: { info: WithdrawInfo }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const fixes = useFixes();
  const windowText = labels.timeWindow(info.window);
  const rules: Record<RuleName, { text: string; fix: Fix | null }> = {
    kyc_verified: { text: t`Identity verified (KYC)`, fix: fixes.kyc },
    card_bound: { text: t`A bank account in your name is added`, fix: fixes.card },
    fund_password_set: { text: t`Fund password set`, fix: fixes.fundPassword },
    within_window: { text: t`Within withdrawal hours: ${windowText}`, fix: null },
    not_barred: { text: t`Withdrawals allowed on this account`, fix: { text: '', label: t`Contact customer service`, contactSupport: true } },
    no_operation_in_progress: { text: t`No other withdrawal in progress`, fix: { text: '', label: t`View`, to: '/information/cashOut' } },
  };
  return (
    <ul className={styles.rules} aria-label={t`Withdrawal requirements`}>
      {ruleOrder.map((name) => {
        const met = info.rules[name];
        const rule = rules[name];
        return (
          <li key={name} className={styles.rule} data-rule={name} data-met={met}>
            <span className={met ? styles.ruleMark.met : styles.ruleMark.unmet}>
              <Icon name={met ? 'check' : 'warning'} size={18} label={met ? t`Met` : t`Not met`} />
            </span>
            <span className={styles.ruleText}>{rule.text}</span>
            {!met && rule.fix ? <FixButton fix={rule.fix} compact /> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function allRulesMet(info: WithdrawInfo): boolean {
  return Object.values(info.rules).every(Boolean);
}
