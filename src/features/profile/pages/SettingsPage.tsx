import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../../api/commandBus.ts';
import { exitToSignIn } from '../../../app/navigation.ts';
import { showToast } from '../../../app/toastStore.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { localeNativeNames } from '../../../i18n/locale.ts';
import { Icon, type IconName } from '../../../ui/icons.tsx';
import { Button } from '../../../ui/widgets.tsx';
import * as mine from '../../mine/mine.css.ts';

type Row = { to: string; label: string; icon: IconName; value?: string };

/** /information/setting: language, security, the documents about the service, and sign-out. */
export function SettingsPage() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const [signingOut, setSigningOut] = useState(false);
  const groups: Row[][] = [
    [
      { to: '/information/changeLang', label: t`Language`, icon: 'globe', value: localeNativeNames[locale] },
      { to: '/information/safety', label: t`Security`, icon: 'lock' },
      { to: '/information/signInSecurity', label: t`Sign-in security`, icon: 'shield' },
      { to: '/information/index', label: t`Account activity`, icon: 'shield' },
    ],
    [
      { to: '/information/aboutInfo', label: t`About this app`, icon: 'info' },
      { to: '/information/aboutUs', label: t`About us`, icon: 'info' },
      { to: '/information/agreement', label: t`User agreement`, icon: 'list' },
      { to: '/information/privacy', label: t`Privacy policy`, icon: 'lock' },
    ],
  ];

  const signOut = async () => {
    setSigningOut(true);
    // Even if the server cannot be reached, this device forgets the session.
    await call('user/logout', {}, { silent: true }).catch(() => undefined);
    showToast(t`You have signed out.`, { tone: 'info' });
    exitToSignIn();
  };

  return (
    <div className={mine.page}>
      {groups.map((rows, index) => (
        <ul key={index} className={mine.menu}>
          {rows.map((row) => (
            <li key={row.to} className={mine.menuItem}>
              <Link to={row.to} className={mine.menuLink}>
                <span className={mine.menuIcon}>
                  <Icon name={row.icon} size={20} />
                </span>
                <span className={mine.menuLabel}>{row.label}</span>
                {row.value ? <span className={mine.menuValue}>{row.value}</span> : null}
                <span className={mine.menuChevron}>
                  <Icon name="chevronRight" size={18} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ))}
      <Button variant="secondary" block busy={signingOut} onClick={signOut} className={mine.logout}>
        <Icon name="logout" size={18} />
        <Trans>Sign out</Trans>
      </Button>
    </div>
  );
}
