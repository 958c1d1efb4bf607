import { proxy } from 'valtio';

// The signed-in session. The session token lives in an HttpOnly cookie the server sets at
// sign-in, which script cannot read; only the account (not a secret) is kept in localStorage,
// under "account", so a reload knows who is signed in. The token of a sign-in made in this page
// is held in memory only, never stored, and the command bus sends it as headers while it is
// there; after a reload the cookie (with the CSRF header, see commandBus.ts) carries the session.

export const sessionStorageKeys = { account: 'account' } as const;
/** Where earlier versions stored the token: removed at start. */
const legacyTokenKey = 'token';
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

writeStorage(legacyTokenKey, null);

export const session = proxy<{ token: string | null; account: string | null }>({
  token: null,
  account: readStorage(sessionStorageKeys.account),
});

export function isSignedIn(): boolean {
  return Boolean(session.account);
}

/** `token` stays in memory (this page only); the cookie the server set is what survives a reload. */
export function startSession(token: string | null, account: string): void {
  session.token = token;
  session.account = account;
  writeStorage(sessionStorageKeys.account, account);
}

export function clearSession(): void {
  session.token = null;
  session.account = null;
  writeStorage(sessionStorageKeys.account, null);
}

/** Re-reads storage; tests and a second tab's logout use it. */
export function reloadSessionFromStorage(): void {
  const account = readStorage(sessionStorageKeys.account);
  if (account !== session.account) session.token = null;
  session.account = account;
}

/** The mobile number to pre-fill on the sign-in form, if the user asked us to remember it. */
export function readRememberedAccount(): string | null {
  return readStorage(rememberedAccountKey);
}

export function rememberAccount(account: string | null): void {
  writeStorage(rememberedAccountKey, account);
}
