import { configureCommandBus } from '../../../api/commandBus.ts';
import { backOfficeSignInPath, clearStaffSession, staffSessionHeaders } from './staffSession.ts';

/**
 * Every admin/ command sends the staff session. A staff 401 ends only the staff session: the
 * same person may stay signed in to the phone app in the same browser.
 */
export function connectStaffSession(): void {
  configureCommandBus({ sessions: { staff: { headers: staffSessionHeaders, end: clearStaffSession, signInPath: backOfficeSignInPath } } });
}
