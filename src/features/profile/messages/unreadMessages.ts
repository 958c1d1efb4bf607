import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { call } from '../../../api/commandBus.ts';

// How many of the user's messages are unread, for the badge on the Mine page. The messages
// page writes every count the server reports, so the badge falls as messages are read.

export const unreadMessagesState = proxy<{ count: number | null }>({ count: null });

export function setUnreadMessageCount(count: number): void {
  unreadMessagesState.count = count;
}

/** Asks the server again; silent, because a badge that could not load is simply not shown. */
export async function refreshUnreadMessageCount(): Promise<void> {
  try {
    const page = await call('user/messages', { page: 1 }, { silent: true });
    setUnreadMessageCount(page.unread);
  } catch {
    // Keep whatever count was known.
  }
}

/** The unread count, refreshed when a screen showing it opens; null until known. */
export function useUnreadMessageCount(): number | null {
  const { count } = useSnapshot(unreadMessagesState);
  useEffect(() => {
    void refreshUnreadMessageCount();
  }, []);
  return count;
}
