import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { SessionListItem } from '../../../../contract/sessions.ts';
import { call, CommandRefused } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../../ui/format.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../profile.css.ts';

/** Whose sessions: the user's (user/…) or the signed-in staff member's (admin/…). */
export type SessionAudience = 'user' | 'staff';

const listSessions = (audience: SessionAudience) => (audience === 'user' ? call('user/sessions', {}, { silent: true }) : call('admin/sessions', {}, { silent: true }));
const endSession = (audience: SessionAudience, id: string) => (audience === 'user' ? call('user/endSession', { id }, { silent: true }) : call('admin/endSession', { id }, { silent: true }));

/**
 * Every signed-in device of the account, newest first as the server sends them, with "End" on each.
 * Ending this device's own session signs out here too (`onEndedCurrent`).
 */
export function SessionList({ audience, onEndedCurrent }: { audience: SessionAudience; onEndedCurrent: () => void }) {
  const { t } = useLingui();
  const sessions = useLoad(useCallback(() => listSessions(audience), [audience]));
  if (sessions.state.status === 'loading') return <SkeletonRows count={2} />;
  if (sessions.state.status === 'failed') return <ErrorState title={t`Your signed-in devices could not be loaded.`} onRetry={sessions.reload} />;
  const items = sessions.state.data.items;
  if (items.length === 0) return <EmptyState icon="shield" title={t`No other signed-in devices`} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <SessionRow key={item.id} item={item} audience={audience} onEnded={item.current ? onEndedCurrent : sessions.reload} />
      ))}
    </ul>
  );
}

function SessionRow({ item, audience, onEnded }: { item: SessionListItem; audience: SessionAudience; onEnded: () => void }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const [ending, setEnding] = useState(false);
  const what = [item.device, item.browser].filter((part) => part !== '').join(' · ') || t`Unknown device`;
  const created = formatIstDateTime(item.created_at, locale);
  const lastSeen = formatIstDateTime(item.last_seen_at, locale);
  const end = async () => {
    setEnding(true);
    try {
      await endSession(audience, item.id);
      showToast(item.current ? t`You have signed out.` : t`Session ended`, { tone: 'success' });
      onEnded();
    } catch (failure) {
      // Already gone (ended elsewhere or expired): the list is simply out of date.
      if (failure instanceof CommandRefused && failure.key === 'session_not_found') onEnded();
      showToast(failure instanceof CommandRefused ? failure.translated : t`The session could not be ended. Check your connection and try again.`);
    } finally {
      setEnding(false);
    }
  };
  return (
    <li className={styles.row} style={{ cursor: 'default', alignItems: 'center' }} data-testid="session-row" data-current={item.current}>
      <span className={styles.rowBody}>
        <strong className={styles.rowText}>
          {what} {item.current ? <span data-testid="this-device">{t`(this device)`}</span> : null}
        </strong>
        {item.place ? <span className={styles.rowMeta}>{t`Address ${item.place}`}</span> : null}
        <span className={styles.rowMeta}>
          <Trans>Signed in {created} · last seen {lastSeen} (IST)</Trans>
        </span>
      </span>
      <Button variant="soft" busy={ending} onClick={() => void end()} aria-label={item.current ? t`End this session and sign out` : t`End session on ${what}`}>
        <Trans>End</Trans>
      </Button>
    </li>
  );
}
