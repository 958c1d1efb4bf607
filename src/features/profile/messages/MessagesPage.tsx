import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { listPageSize } from '../../../../contract/paging.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { ListFooter } from '../../../ui/ListFooter.tsx';
import { usePagedList } from '../../../ui/usePagedList.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { visuallyHidden } from '../../../ui/ui.css.ts';
import { Button } from '../../../ui/widgets.tsx';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { formatIstDateTime } from '../../../ui/format.ts';
import * as styles from '../profile.css.ts';
import { notificationSentence, orderLinkOf } from './notificationText.ts';
import { setUnreadMessageCount, unreadMessagesState } from './unreadMessages.ts';

type MessagesPage = ResponseOf<'user/messages'>;
type Message = MessagesPage['items'][number];

/** /information/msgInfo: the user's messages, newest first; tapping one marks it read. */
export function MessagesPage() {
  const { t } = useLingui();
  // Each page loaded writes the count it carries as it arrives, not from an effect after the
  // render: an effect could run after a tap's "mark read" answer and put the old count back.
  const loadPage = useCallback(async (page: number) => {
    const answer = await call('user/messages', { page }, { silent: true });
    setUnreadMessageCount(answer.unread);
    return answer;
  }, []);
  const list = usePagedList<Message, MessagesPage>(loadPage, { pageSize: listPageSize, keyOf: (message) => message.id });
  const pullPx = usePullToRefresh(list.reload);
  // One count for this page and the Mine badge: set by each page loaded and each "mark read" answer.
  const unread = useSnapshot(unreadMessagesState).count ?? 0;

  const markRead = async (message: Message) => {
    if (message.read_at !== null) return;
    const answer = await call('user/messageRead', { id: message.id });
    const now = new Date().toISOString();
    list.update((items) => items.map((item) => (item.id === message.id ? { ...item, read_at: item.read_at ?? now } : item)));
    setUnreadMessageCount(answer.unread);
  };
  const markAll = useSingleFlight(async () => {
    const answer = await call('user/messageRead', { all: true });
    const now = new Date().toISOString();
    list.update((items) => items.map((item) => ({ ...item, read_at: item.read_at ?? now })));
    setUnreadMessageCount(answer.unread);
    showToast(t`All messages marked as read.`, { tone: 'success' });
  });

  if (list.state.status === 'loading') return <SkeletonRows count={6} />;
  if (list.state.status === 'failed') return <ErrorState title={t`Your messages could not be loaded.`} onRetry={list.reload} />;
  const messages = list.state.data;
  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      {messages.length === 0 ? (
        <EmptyState
          icon="bell"
          title={t`No messages yet`}
          text={t`We write to you here when something happens on your account: verification, deposits, withdrawals, filled orders and restrictions.`}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <span data-testid="unread-count">{unread > 0 ? t`${unread} unread` : t`All read`}</span>
            <Button variant="ghost" busy={markAll.busy} disabled={unread === 0} onClick={markAll.run}>
              <Trans>Mark all read</Trans>
            </Button>
          </div>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {messages.map((message) => (
              <MessageRow key={message.id} message={message} onOpen={() => void markRead(message).catch(() => undefined)} />
            ))}
          </ul>
          <ListFooter list={list} />
        </>
      )}
    </div>
  );
}

function MessageRow({ message, onOpen }: { message: Message; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const unread = message.read_at === null;
  const orderNo = orderLinkOf(message.kind, message.params);
  return (
    <li data-testid="message" data-unread={unread ? 'true' : 'false'}>
      <button type="button" className={styles.row} onClick={onOpen}>
        <span className={unread ? styles.unreadDot : styles.readDot} aria-hidden="true" />
        {unread ? <span className={visuallyHidden}>{t`Unread:`}</span> : null}
        <span className={styles.rowBody}>
          <span className={`${styles.rowText} ${unread ? styles.rowTextUnread : ''}`}>{notificationSentence(message.kind, message.params, i18n, locale)}</span>
          <span className={styles.rowMeta}>{formatIstDateTime(message.created_at, locale)}</span>
        </span>
      </button>
      {orderNo ? (
        <div className={styles.toolbar} style={{ justifyContent: 'flex-end', paddingTop: 0, borderTop: 'none' }}>
          <Link to="/trade/positionDetail" search={{ order_no: orderNo }} className={styles.inlineLink} onClick={onOpen}>
            <Trans>View order {orderNo}</Trans>
          </Link>
        </div>
      ) : null}
    </li>
  );
}
