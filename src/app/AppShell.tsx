import { useLingui } from '@lingui/react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadPageTexts } from '../i18n/activateLocale.ts';
import { Skeleton } from '../ui/widgets.tsx';
import { BottomTabBar, PageHeader, SegmentBar } from './Chrome.tsx';
import { NotRegisteredBanner } from './NotRegisteredBanner.tsx';
import type { RouteEntry } from './routeTable.ts';
import * as styles from './shell.css.ts';
import { Toasts } from './Toasts.tsx';

/** The current page's entry in the route table (its chrome and title), if any. */
function useCurrentEntry(): RouteEntry | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const entry = matches[index]?.staticData.entry;
    if (entry) return entry;
  }
  return undefined;
}

/** The root layout: everything every screen shares. */
export function AppShell() {
  const { i18n } = useLingui();
  // The other pages' texts load once the first screen has rendered (an effect runs after it); a
  // failure is retried by the next page that needs them (its route awaits them and offers Retry).
  useEffect(() => {
    loadPageTexts().catch(() => {});
  }, []);
  const entry = useCurrentEntry();
  const backOffice = useMatches({ select: (matches) => matches.some((match) => match.staticData.backOffice === true) });
  // Staff screens draw their own frame: no phone header, tab bars, banner or customer-service button.
  if (backOffice) {
    return (
      <>
        <Outlet />
        <Toasts />
      </>
    );
  }
  const chrome = entry?.chrome;
  // The customer-service button sits in the page header (Chrome.tsx); a screen without one
  // (chrome.header 'none': home, sign-in, Mine) docks it in its own top bar.
  const title = entry ? i18n._(entry.title) : '';
  return (
    <div className={styles.shell}>
      <div className={styles.topChrome}>
        <NotRegisteredBanner />
        {chrome && chrome.header !== 'none' ? <PageHeader title={title} withBack={chrome.header === 'back'} /> : null}
        {chrome?.segments ? <SegmentBar kind={chrome.segments} /> : null}
      </div>
      <main className={`${styles.main} ${chrome?.bottomTabs ? styles.mainAboveTabBar : ''}`}>
        <Outlet />
      </main>
      {chrome?.bottomTabs ? <BottomTabBar /> : null}
      <Toasts />
    </div>
  );
}

/** While a lazy page is on its way. */
export function PagePending() {
  return (
    <div className={styles.pagePending} aria-busy="true">
      <Skeleton width="60%" height={22} />
      <Skeleton width="100%" height={96} radius={16} />
      <Skeleton width="100%" height={56} radius={12} />
      <Skeleton width="80%" height={56} radius={12} />
    </div>
  );
}
