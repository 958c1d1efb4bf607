import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../../api/commandBus.ts';
import { changeLocale, localeState } from '../../../i18n/activateLocale.ts';
import { type AppLocale, appLocales, localeNativeNames } from '../../../i18n/locale.ts';
import { Icon } from '../../../ui/icons.tsx';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import { roleMayUse } from '../shared/access.ts';
import * as styles from '../shared/backOffice.css.ts';
import { useBackOfficeLabels } from '../shared/labels.ts';
import { backOfficeSignInPath, clearStaffSession, staffSession, updateStaffIdentity } from '../session/staffSession.ts';
import { type BackOfficeSection, sectionOf, sectionsFor } from './sections.ts';

function useCurrentSection(): BackOfficeSection | undefined {
  const path = useMatches({ select: (matches) => matches.map((match) => match.staticData.backOfficePage).filter((page) => page !== undefined).at(-1) });
  return path ? sectionOf(path) : undefined;
}

/** Signs out on the server, then forgets the staff session even if the server could not be reached. */
async function signOut(): Promise<void> {
  try {
    await call('admin/logout', {}, { silent: true });
  } finally {
    clearStaffSession();
  }
}

/**
 * The back office's frame: the sections the staff member's role may use, who is signed in,
 * sign out, and a wide content area. A page the role may not use is not rendered at all.
 */
export function BackOfficeLayout() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { role, name } = useSnapshot(staffSession);
  const { locale } = useSnapshot(localeState);
  const labels = useBackOfficeLabels();
  const entry = useCurrentSection();

  useEffect(() => {
    // Confirms the session and picks up a role changed since sign-in; a 401 returns to sign-in.
    call('admin/me', {}, { silent: true }).then(updateStaffIdentity, () => undefined);
  }, []);

  const leave = () => {
    void signOut().finally(() => navigate({ to: backOfficeSignInPath, replace: true }));
  };
  const allowed = entry === undefined || roleMayUse(role, entry.gate);

  return (
    <div className={styles.backOfficeFrame} data-back-office>
      <nav className={styles.nav} aria-label={t`Back office`}>
        <div className={styles.brand}>
          <Trans>Ledgerline back office</Trans>
        </div>
        {sectionsFor(role).map((section) => (
          <Link key={section.path} to={section.path} className={styles.navLink}>
            <Icon name={section.navIcon ?? 'list'} size={18} />
            {i18n._(section.title)}
          </Link>
        ))}
        <div className={styles.navFooter}>
          <div>
            <div className={styles.identityName} data-testid="staff-name">
              {name}
            </div>
            <div className={styles.identityRole} data-testid="staff-role">
              {role ? labels.role[role] : null}
            </div>
          </div>
          <select className={styles.navSelect} aria-label={t`Language`} value={locale} onChange={(event) => void changeLocale(event.target.value as AppLocale)}>
            {appLocales.map((option) => (
              <option key={option} value={option} style={{ color: '#14171f' }}>
                {localeNativeNames[option]}
              </option>
            ))}
          </select>
          <button type="button" className={styles.signOutButton} onClick={leave}>
            <Icon name="logout" size={18} />
            <Trans>Sign out</Trans>
          </button>
        </div>
      </nav>
      <main className={styles.content}>
        {entry ? <h1 className={styles.pageTitle}>{i18n._(entry.title)}</h1> : null}
        {allowed ? (
          <Outlet />
        ) : (
          <EmptyState icon="lock" title={t`Your role cannot open this section`} text={t`Ask an administrator if you need it.`} />
        )}
      </main>
    </div>
  );
}

/** /admin: the first section the role may use. */
export function BackOfficeHome() {
  const { role } = useSnapshot(staffSession);
  const first = sectionsFor(role)[0];
  return first ? <Navigate to={first.path} replace /> : null;
}
