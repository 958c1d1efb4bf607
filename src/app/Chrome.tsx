import { useLingui } from '@lingui/react/macro';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { isSignedIn } from '../features/auth/sessionStore.ts';
import { Icon, type IconName } from '../ui/icons.tsx';
import { KefuButton } from './KefuButton.tsx';
import type { Chrome } from './routeTable.ts';
import * as styles from './shell.css.ts';

// The frame around pages: headers, the segmented bars and the bottom tab bar.

export function PageHeader({ title, withBack }: { title: string; withBack: boolean }) {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const goBack = () => {
    // Opened from a bookmark there is no previous page: go to the natural parent.
    if (canGoBack) router.history.back();
    else void router.navigate({ to: isSignedIn() ? '/home/index' : '/login/start' });
  };
  return (
    <header className={styles.header}>
      {withBack ? (
        <button type="button" className={styles.headerButton} onClick={goBack} aria-label={t`Back`}>
          <Icon name="back" />
        </button>
      ) : (
        <span />
      )}
      <h1 className={styles.headerTitle}>{title}</h1>
      <KefuButton />
    </header>
  );
}

type TabLink = { to: string; label: string; icon: IconName };

export function BottomTabBar() {
  const { t } = useLingui();
  const tabs: TabLink[] = [
    { to: '/home/index', label: t`Home`, icon: 'home' },
    { to: '/market/index', label: t`Market`, icon: 'market' },
    { to: '/trade/index', label: t`Trade`, icon: 'trade' },
    { to: '/information/mine_fund', label: t`Funds`, icon: 'wallet' },
    { to: '/information/mine', label: t`Mine`, icon: 'user' },
  ];
  return (
    <nav className={styles.tabBar} aria-label={t`Main`}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className={styles.tab}>
          <Icon name={tab.icon} size={22} />
          <span>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}

export function SegmentBar({ kind }: { kind: NonNullable<Chrome['segments']> }) {
  const { t } = useLingui();
  const links: Omit<TabLink, 'icon'>[] =
    kind === 'position'
      ? [
          { to: '/information/mine_fund', label: t`Funds` },
          { to: '/trade/shareholding', label: t`Holdings` },
          { to: '/trade/waitOrder', label: t`Pending` },
          { to: '/trade/historyOrder', label: t`History` },
        ]
      : [
          { to: '/information/mine', label: t`Mine` },
          { to: '/trade/position', label: t`Positions` },
          { to: '/information/mine_fund', label: t`Funds` },
        ];
  return (
    <nav className={styles.segments} aria-label={kind === 'position' ? t`Portfolio sections` : t`Account sections`}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={styles.segment} replace>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
