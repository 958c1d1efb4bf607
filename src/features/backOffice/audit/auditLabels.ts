import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction } from '../../../../contract/audit.ts';

// Every audit action's name for staff. Keyed by contract/audit.ts's closed list, so an action
// added there fails to compile until it has a text here.
export const auditActionNames: Record<AuditAction, MessageDescriptor> = {
  'staff.create': msg`Staff account created`,
  'staff.set_active': msg`Staff account activated or deactivated`,
  'user.set_restriction': msg`User restriction switched`,
  'settings.update': msg`Setting changed`,
  'invitation.issue': msg`Invitation code issued`,
  'invitation.set_active': msg`Invitation code activated or deactivated`,
};

/** What an entry was about; kinds the server adds later are shown as sent. */
export const auditSubjectKinds: Record<string, MessageDescriptor> = {
  staff: msg`Staff`,
  user: msg`User`,
  setting: msg`Setting`,
  invitation: msg`Invitation code`,
};
