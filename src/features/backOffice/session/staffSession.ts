import { proxy } from 'valtio';
import type { StaffRole } from '../../../../contract/staff.ts';

// The back office's own session. Its token is in an HttpOnly cookie of its own (not the
// user's), so one person may be signed in to the phone app and the back office in the same
// browser; localStorage keeps only who is signed in (login, role, name: no secret). A sign-in
// made in this page also holds its token in memory, sent as headers until a reload. The command
// bus reads it for every admin/ command (staffCommandBus.ts).
// Kept free of anything heavy: the router (and so the phone app's first screen) imports it.

export const staffSessionStorageKeys = { login: 'staffLogin', role: 'staffRole', name: 'staffName' } as const;
/** Where earlier versions stored the staff token: removed at start. */
const legacyTokenKey = 'staffToken';

export const backOfficeSignInPath = '/admin/login';

type StaffSessionState = { token: string | null; login: string | null; role: StaffRole | null; name: string | null };

const knownRoles: readonly string[] = ['reviewer', 'operator', 'admin'] satisfies StaffRole[];

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
    // Without storage the session lasts for this page only.
  }
}

function readRole(): StaffRole | null {
  const stored = readStorage(staffSessionStorageKeys.role);
  return stored !== null && knownRoles.includes(stored) ? (stored as StaffRole) : null;
}

/**
 * The role and name are remembered only to draw the navigation at once after a reload;
 * the layout asks admin/me again, and the server checks the role of every command anyway.
 */
writeStorage(legacyTokenKey, null);

export const staffSession = proxy<StaffSessionState>({
  token: null,
  login: readStorage(staffSessionStorageKeys.login),
  role: readRole(),
  name: readStorage(staffSessionStorageKeys.name),
});

export function isStaffSignedIn(): boolean {
  return Boolean(staffSession.login);
}

export function startStaffSession(started: { token: string | null; login: string; role: StaffRole; name: string }): void {
  Object.assign(staffSession, { token: started.token, login: started.login, role: started.role, name: started.name });
  writeStorage(staffSessionStorageKeys.login, started.login);
  writeStorage(staffSessionStorageKeys.role, started.role);
  writeStorage(staffSessionStorageKeys.name, started.name);
}

/** admin/me answered: the role or name may have changed since sign-in. */
export function updateStaffIdentity(identity: { role: StaffRole; name: string }): void {
  staffSession.role = identity.role;
  staffSession.name = identity.name;
  writeStorage(staffSessionStorageKeys.role, identity.role);
  writeStorage(staffSessionStorageKeys.name, identity.name);
}

export function clearStaffSession(): void {
  Object.assign(staffSession, { token: null, login: null, role: null, name: null });
  for (const key of Object.values(staffSessionStorageKeys)) writeStorage(key, null);
}

/** The headers of a sign-in made in this page (`account` carries the staff login), or null: the cookie carries the session then. */
export function staffSessionHeaders(): { token: string; account: string } | null {
  return staffSession.token && staffSession.login ? { token: staffSession.token, account: staffSession.login } : null;
}
