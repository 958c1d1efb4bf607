import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { configureCommandBus } from '../api/commandBus.ts';
import { clearSession, session } from '../features/auth/sessionStore.ts';
import { loadPageTexts } from '../i18n/activateLocale.ts';
import { navigateTo, signInPath } from './navigation.ts';
import { showToast } from './toastStore.ts';

// The phone app's side of the command bus: the user's session, toasts, the reader's language
// and the router. The back office binds its own staff session when it loads
// (features/backOffice/session/staffCommandBus.ts).

const networkProblem = msg`Network problem. Please check your connection and try again.`;
const unknownRefusal = msg`The request could not be completed. Please try again.`;

/**
 * A refusal in the reader's words. The sentences for every server message (265 of them, with
 * their code) load with the first refusal, not with the app: most first screens never see one
 * (tests/checks/bundleBudget.test.ts). Their texts are in the other pages' catalog.
 */
async function describeRefusal(serverMessage: string): Promise<string> {
  try {
    const [{ translateServerMessage }] = await Promise.all([import('../i18n/serverMessages.ts'), loadPageTexts()]);
    return translateServerMessage(serverMessage, i18n);
  } catch {
    // The sentences could not load (offline): still a refusal, said generally.
    return i18n._(unknownRefusal);
  }
}

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
    describeRefusal,
    describeNoAnswer: () => i18n._(networkProblem),
  });
}
