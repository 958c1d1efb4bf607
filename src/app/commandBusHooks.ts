import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { configureCommandBus } from '../api/commandBus.ts';
import { clearSession, session } from '../features/auth/sessionStore.ts';
import { translateServerMessage } from '../i18n/serverMessages.ts';
import { navigateTo, signInPath } from './navigation.ts';
import { showToast } from './toastStore.ts';

// The phone app's side of the command bus: the user's session, toasts, the reader's language
// and the router. The back office binds its own staff session when it loads
// (features/backOffice/session/staffCommandBus.ts).

const networkProblem = msg`Network problem. Please check your connection and try again.`;

export function connectCommandBus(): void {
  configureCommandBus({
    sessions: {
      user: {
        headers: () => (session.token && session.account ? { token: session.token, account: session.account } : null),
        end: clearSession,
        signInPath,
      },
    },
    notify: (text) => showToast(text),
    navigate: navigateTo,
    describeRefusal: (serverMessage) => translateServerMessage(serverMessage, i18n),
    describeNoAnswer: () => i18n._(networkProblem),
  });
}
