import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../api/commandBus.ts';
import { openCustomerService } from '../../app/customerService.ts';
import { KefuButton } from '../../app/KefuButton.tsx';
import { exitToSignIn } from '../../app/navigation.ts';
import { showToast } from '../../app/toastStore.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { localeNativeNames } from '../../i18n/locale.ts';
import { institutionName } from '../../i18n/serverNames.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import { session } from '../auth/sessionStore.ts';
import { CheckInCard } from '../profile/checkIn/CheckInCard.tsx';
import { Avatar } from '../profile/details/Avatar.tsx';
import { useUnreadMessageCount } from '../profile/messages/unreadMessages.ts';
import * as profileStyles from '../profile/profile.css.ts';
import * as styles from './mine.css.ts';

type MenuEntry = { to: string; label: string; icon: IconName; value?: ReactNode };

/** /information/mine: who is signed in, the account menu, language and sign-out. */
export function MinePage() {
  const { t, i18n } = useLingui();
  const { account } = useSnapshot(session);
  const { locale } = useSnapshot(localeState);
  const userInfo = useLoad(useCallback(() => call('user/info', {}, { silent: true }), []));
  const [signingOut, setSigningOut] = useState(false);
  const unreadMessages = useUnreadMessageCount();

  const menu: MenuEntry[] = [
    { to: '/information/userInfo', label: t`Personal details`, icon: 'user' },
    { to: '/information/authInfo', label: t`KYC verification`, icon: 'shield' },
    { to: '/information/bankList', label: t`Bank accounts`, icon: 'card' },
    { to: '/information/fundRecord', label: t`Fund records`, icon: 'list' },
    { to: '/information/cashOut', label: t`Withdrawal records`, icon: 'list' },
    { to: '/information/usdtAddress', label: t`Wallet address`, icon: 'wallet' },
    { to: '/information/beneficiary', label: t`Nominees`, icon: 'user' },
    { to: '/information/pj', label: t`Investment preference`, icon: 'sliders' },
    { to: '/information/promotion', label: t`Fee rebate for new accounts`, icon: 'ipo' },
    { to: '/information/safety', label: t`Security`, icon: 'lock' },
    { to: '/information/fundPass', label: t`Fund password`, icon: 'wallet' },
    {
      to: '/information/msgInfo',
      label: t`Messages`,
      icon: 'bell',
      value: unreadMessages ? (
        <span className={profileStyles.badge} aria-label={t`${unreadMessages} unread`} data-testid="unread-badge">
          {unreadMessages > 99 ? '99+' : unreadMessages}
        </span>
      ) : undefined,
    },
    { to: '/information/index', label: t`Account activity`, icon: 'shield' },
    { to: '/information/setting', label: t`Settings`, icon: 'info' },
    { to: '/information/changeLang', label: t`Language`, icon: 'globe', value: localeNativeNames[locale] },
  ];
  const about: MenuEntry[] = [
    { to: '/information/faq', label: t`FAQ`, icon: 'info' },
    { to: '/information/aboutUs', label: t`About us`, icon: 'info' },
    { to: '/information/agreement', label: t`User agreement`, icon: 'list' },
    { to: '/information/privacy', label: t`Privacy policy`, icon: 'lock' },
  ];

  const signOut = async () => {
    setSigningOut(true);
    // Even if the server cannot be reached, this device forgets the session.
    await call('user/logout', {}, { silent: true }).catch(() => undefined);
    showToast(t`You have signed out.`, { tone: 'info' });
    exitToSignIn();
  };

  const info = userInfo.state.status === 'ready' ? userInfo.state.data : null;
  const institution = info?.institution ? institutionName(info.institution, i18n) : '';
  return (
    <div className={styles.page}>
      <section className={styles.profile} aria-label={t`Profile`}>
        <Link to="/information/mine_detail" className={styles.profileAvatar} style={{ color: 'inherit' }} aria-label={t`Personal details`}>
          {info?.avatar_upload_id ? <Avatar uploadId={info.avatar_upload_id} /> : <Icon name="user" size={28} />}
        </Link>
        <div className={styles.profileText}>
          <span className={styles.profileAccount}>+91 {info?.account ?? account}</span>
          <span className={styles.profileMeta}>
            {info ? (
              institution ? <Trans>Institution: {institution}</Trans> : <Trans>Individual account</Trans>
            ) : (
              <Skeleton width={140} height={14} />
            )}
          </span>
        </div>
        <KefuButton className={styles.profileKefu} />
      </section>

      <CheckInCard />
      <MenuList entries={menu} />
      <ul className={styles.menu}>
        <li className={styles.menuItem}>
          <button type="button" className={styles.menuLink} onClick={() => openCustomerService()}>
            <MenuRow icon="headset" label={t`Customer service`} />
          </button>
        </li>
      </ul>
      <MenuList entries={about} />

      <Button variant="secondary" block busy={signingOut} onClick={signOut} className={styles.logout}>
        <Icon name="logout" size={18} />
        <Trans>Sign out</Trans>
      </Button>
    </div>
  );
}

function MenuList({ entries }: { entries: MenuEntry[] }) {
  return (
    <ul className={styles.menu}>
      {entries.map((entry) => (
        <li key={entry.to} className={styles.menuItem}>
          <Link to={entry.to} className={styles.menuLink}>
            <MenuRow icon={entry.icon} label={entry.label} value={entry.value} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MenuRow({ icon, label, value }: { icon: IconName; label: string; value?: ReactNode }) {
  return (
    <>
      <span className={styles.menuIcon}>
        <Icon name={icon} size={20} />
      </span>
      <span className={styles.menuLabel}>{label}</span>
      {value ? <span className={styles.menuValue}>{value}</span> : null}
      <span className={styles.menuChevron}>
        <Icon name="chevronRight" size={18} />
      </span>
    </>
  );
}
