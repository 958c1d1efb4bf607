import { proxy } from 'valtio';
import type { StaffRole } from '../../../../contract/staff.ts';

// The back office's own session. It lives under other localStorage keys than the user's
// ("token"/"account"), so one person may be signed in to the phone app and the back office
// in the same browser. The command bus reads it for every admin/ command (staffCommandBus.ts).
// Kept free of anything heavy: the router (and so the phone app's first screen) imports it.

export const staffSessionStorageKeys = { token: 'staffToken', login: 'staffLogin', role: 'staffRole', name: 'staffName' } as const;

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
export const staffSession = proxy<StaffSessionState>({
  token: readStorage(staffSessionStorageKeys.token),
  login: readStorage(staffSessionStorageKeys.login),
  role: readRole(),
  name: readStorage(staffSessionStorageKeys.name),
});

export function isStaffSignedIn(): boolean {
  return Boolean(staffSession.token && staffSession.login);
}

export function startStaffSession(started: { token: string; login: string; role: StaffRole; name: string }): void {
  Object.assign(staffSession, started);
  writeStorage(staffSessionStorageKeys.token, started.token);
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

/** The headers of the staff session (`account` carries the staff login), or null when signed out. */
export function staffSessionHeaders(): { token: string; account: string } | null {
  return staffSession.token && staffSession.login ? { token: staffSession.token, account: staffSession.login } : null;
}
