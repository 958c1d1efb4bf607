import { proxy } from 'valtio';

// The signed-in session. The token and account live in localStorage under the keys
// "token" and "account" so a reload keeps the user signed in; the command bus reads
// them for every protected call.

export const sessionStorageKeys = { token: 'token', account: 'account' } as const;
const rememberedAccountKey = 'rememberedAccount';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Without storage the session lasts for this page only; nothing else to do.
  }
}

export const session = proxy<{ token: string | null; account: string | null }>({
  token: readStorage(sessionStorageKeys.token),
  account: readStorage(sessionStorageKeys.account),
});

export function isSignedIn(): boolean {
  return Boolean(session.token);
}

export function startSession(token: string, account: string): void {
  session.token = token;
  session.account = account;
  writeStorage(sessionStorageKeys.token, token);
  writeStorage(sessionStorageKeys.account, account);
}

export function clearSession(): void {
  session.token = null;
  session.account = null;
  writeStorage(sessionStorageKeys.token, null);
  writeStorage(sessionStorageKeys.account, null);
}

/** Re-reads storage; tests and a second tab's logout use it. */
export function reloadSessionFromStorage(): void {
  session.token = readStorage(sessionStorageKeys.token);
  session.account = readStorage(sessionStorageKeys.account);
}

/** The mobile number to pre-fill on the sign-in form, if the user asked us to remember it. */
export function readRememberedAccount(): string | null {
  return readStorage(rememberedAccountKey);
}

export function rememberAccount(account: string | null): void {
  writeStorage(rememberedAccountKey, account);
}
