import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../api/commandBus.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import * as styles from './identity.css.ts';
import { kycStatusLabels } from './KycStatusCard.tsx';

// /information/safety: one row per safeguard of the account, each saying where it stands
// and leading to the page that changes it.

type Tone = keyof typeof styles.listValue;
type Row = { to: string; icon: IconName; label: string; value: string; tone: Tone; testId: string };

export function SecurityPage() {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const security = useLoad(useCallback(() => call('user/security', {}, { silent: true }), []));

  if (security.state.status === 'failed') return <ErrorState title={t`Could not load your security settings.`} onRetry={security.reload} />;
  const data = security.state.status === 'ready' ? security.state.data : null;

  let rows: Row[] = [];
  if (data) {
    const cards = data.bank_cards;
    const lockedUntil = data.fund_password_locked_until ? formatIstDateTime(data.fund_password_locked_until, locale, 'time') : '';
    rows = [
      {
        to: '/information/mine_valid',
        icon: 'shield',
        label: t`Identity verification (KYC)`,
        value: i18n._(kycStatusLabels[data.kyc_status]),
        tone: data.kyc_status === 'verified' ? 'good' : 'attention',
        testId: 'security-kyc',
      },
      { to: '/information/loginPass', icon: 'lock', label: t`Login password`, value: t`Change`, tone: 'neutral', testId: 'security-login-password' },
      { to: '/information/signInSecurity', icon: 'shield', label: t`Two-step verification and devices`, value: t`Manage`, tone: 'neutral', testId: 'security-sign-in' },
      {
        to: '/information/fundPass',
        icon: 'wallet',
        label: t`Fund password`,
        value: !data.fund_password_set ? t`Not set — set it to withdraw` : lockedUntil ? t`Locked until ${lockedUntil}` : t`Set · Change`,
        tone: data.fund_password_set && !lockedUntil ? 'good' : 'attention',
        testId: 'security-fund-password',
      },
      {
        to: '/information/bankList',
        icon: 'card',
        label: t`Bank accounts`,
        // Separate sentences rather than an ICU plural: the catalog check compares placeholders literally.
        value: cards === 0 ? t`None added` : cards === 1 ? t`1 account` : t`${cards} accounts`,
        tone: cards === 0 ? 'attention' : 'neutral',
        testId: 'security-bank-cards',
      },
    ];
  }

  return (
    <div className={styles.page}>
      <ul className={styles.list} aria-busy={data ? undefined : true}>
        {data
          ? rows.map((row) => (
              <li key={row.to} className={styles.listItem}>
                <Link to={row.to} className={styles.listLink} data-testid={row.testId}>
                  <span className={styles.listIcon}>
                    <Icon name={row.icon} size={22} />
                  </span>
                  <span className={styles.listText}>
                    <span className={styles.listLabel}>{row.label}</span>
                    <span className={styles.listValue[row.tone]}>{row.value}</span>
                  </span>
                  <span className={styles.listChevron}>
                    <Icon name="chevronRight" size={18} />
                  </span>
                </Link>
              </li>
            ))
          : [0, 1, 2, 3].map((index) => (
              <li key={index} className={styles.listItem}>
                <span className={styles.listLink}>
                  <span className={styles.listText}>
                    <Skeleton width="45%" height={16} />
                    <Skeleton width="30%" height={12} />
                  </span>
                </span>
              </li>
            ))}
      </ul>
    </div>
  );
}
