import { clearSession } from '../features/auth/sessionStore.ts';

// Navigation for code outside React (the command bus, the hybrid shell). The router
// registers itself at start-up; before that (and in isolated tests) the hash is set
// directly, which hash history also follows.

type Navigator = { go: (path: string) => void; back: () => void };

const hashNavigator: Navigator = {
  go: (path) => {
    window.location.hash = `#${path}`;
  },
  back: () => window.history.back(),
};

let navigator: Navigator = hashNavigator;

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string): void {
  navigator.go(path);
}

export function navigateBack(): void {
  navigator.back();
}

export const signInPath = '/login/login';
export const exitRedirectDelayMs = 1000;

/**
 * The special navigation target "exit": forget the token and account, then show the
 * sign-in page a second later (long enough to read a "signed out" toast).
 */
export function exitToSignIn(): void {
  clearSession();
  setTimeout(() => navigateTo(signInPath), exitRedirectDelayMs);
}
