import { useSnapshot } from 'valtio';
import { type ApiPath, api } from '../../../../contract/api.ts';
import type { StaffRole } from '../../../../contract/staff.ts';
import { staffSession } from '../session/staffSession.ts';

// Who may do what comes from one place: the roles of each entry in contract/api.ts. The
// navigation, the pages and the action buttons all ask here, never a list of their own.
// (The server checks the same roles; this only spares staff buttons that would be refused.)

export type BackOfficeCommand = Extract<ApiPath, `admin/${string}`>;

export function rolesAllowed(command: BackOfficeCommand): readonly StaffRole[] {
  const entry = api[command];
  return 'roles' in entry ? entry.roles : [];
}

export function roleMayUse(role: StaffRole | null, command: BackOfficeCommand): boolean {
  return role !== null && rolesAllowed(command).includes(role);
}

/** Whether the signed-in staff member's role may call `command`. */
export function useMayUse(command: BackOfficeCommand): boolean {
  const { role } = useSnapshot(staffSession);
  return roleMayUse(role, command);
}

/** The signed-in staff member, for "who am I" checks such as four-eyes approvals. */
export function useStaffIdentity(): { login: string | null; name: string | null; role: StaffRole | null } {
  const { login, name, role } = useSnapshot(staffSession);
  return { login, name, role };
}
