import { navigateBack } from './navigation.ts';

/**
 * What the native app shell (a WebView host) offers the page, as `window.ledgerlineShell`.
 * In a plain browser it is absent and none of this runs.
 *
 * - `onBackButton(handler)`: the shell calls `handler` when the hardware back button is
 *   pressed, instead of its default (closing the WebView).
 * - `exitApp()`: closes the app.
 */
export interface LedgerlineShell {
  onBackButton(handler: () => void): void;
  exitApp(): void;
}

declare global {
  interface Window {
    ledgerlineShell?: LedgerlineShell;
  }
}

/** A second back press within this window exits the app. */
export const doubleBackPressWindowMs = 1000;

/** The back-press rule, separate from the shell so it can be tested with a fake clock. */
export function createBackPressHandler(actions: { goBack: () => void; exitApp: () => void; now?: () => number }): () => void {
  const now = actions.now ?? (() => Date.now());
  let lastPressAt = Number.NEGATIVE_INFINITY;
  return () => {
    const pressedAt = now();
    if (pressedAt - lastPressAt < doubleBackPressWindowMs) {
      actions.exitApp();
      return;
    }
    lastPressAt = pressedAt;
    actions.goBack();
  };
}

export function connectHybridShell(shell: LedgerlineShell | undefined = window.ledgerlineShell): void {
  if (!shell) return;
  shell.onBackButton(createBackPressHandler({ goBack: navigateBack, exitApp: () => shell.exitApp() }));
}
