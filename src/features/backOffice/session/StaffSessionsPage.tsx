import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { SessionList } from '../../profile/security/SessionList.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { backOfficeSignInPath, clearStaffSession } from './staffSession.ts';

/** /admin/sessions: where the signed-in staff member is signed in, with "End" on each (ending this one signs out). */
export function StaffSessionsPage() {
  const navigate = useNavigate();
  const endedHere = () => {
    clearStaffSession();
    void navigate({ to: backOfficeSignInPath, replace: true });
  };
  return (
    <div className={styles.section} style={{ maxWidth: 720 }}>
      <p className={styles.muted}>
        <Trans>The devices signed in to your staff account. End any session you do not recognise.</Trans>
      </p>
      <SessionList audience="staff" onEndedCurrent={endedHere} />
    </div>
  );
}
