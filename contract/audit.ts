import { z } from 'zod';
import { idString, jsonValue, pageField, pageOf } from './paging.ts';
import { staffRoles } from './staff.ts';

// The audit log: one append-only entry per staff action, written in the same transaction
// as the action. A user reads the entries about their own account (user/auditLog); staff
// read them all (admin/audit/list).

/**
 * Every action staff can take, as `<subject>.<verb>`. Closed so the app can translate each
 * one; a domain that adds a staff action adds its name here (e.g. 'kyc.approve').
 */
export const auditActions = [
  'staff.create',
  'staff.set_active',
  'user.set_restriction',
  'settings.update',
  'invitation.issue',
  'invitation.set_active',
  'kyc.approve',
  'kyc.reject',
  // a staff member opened a user's identity photo (server/uploads/routes.ts): the user reads who and when
  'kyc.photo_view',
  'deposit_channel.save',
  'deposit.approve',
  'deposit.first_approve',
  'deposit.reject',
  'withdrawal.first_approve',
  'withdrawal.pay',
  'withdrawal.reject',
  'pledge.first_approve',
  'pledge.approve',
  'pledge.reject',
  'vip.grant',
  'vip_allocation.save',
  'vip_allocation.close',
  'block.save',
  'block.close',
  'placement.save',
  'placement.allot',
  'placement.withdraw',
  'ipo.save',
  'ipo.extend',
  'ipo.withdraw',
  'ipo.draw',
  'fund.save',
  'fund.withdraw',
  'fund.end',
  // issue 16: a user's own password reset (no staff member: staff_role null), site content and news
  'user.password_reset',
  'site.update',
  'site.set_logo',
  'news.create',
  'news.edit',
  'news.publish',
  'news.unpublish',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What a user sees about an action on their account: who (role and name), what, why, and the change. */
export const auditEntryForUser = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  /** null when the action was taken from the server's command line, not by a staff member. */
  staff_role: z.enum(staffRoles).nullable(),
  staff_name: z.string().nullable(),
  subject_kind: z.string(),
  subject_id: z.string(),
  reason: z.string(),
  before: jsonValue.nullable(),
  after: jsonValue.nullable(),
  created_at: z.string(),
});

export const auditEntryForStaff = auditEntryForUser.extend({
  staff_login: z.string().nullable(),
  target_user_id: z.string().nullable(),
  target_account: z.string().nullable(),
});

export const userAuditLogRequest = z.object({ page: pageField });
export const userAuditLogResponse = pageOf(auditEntryForUser);

export const adminAuditListRequest = z.object({
  page: pageField,
  user_id: idString.optional(),
  action: z.enum(auditActions, 'invalid_field').optional(),
});
export const adminAuditListResponse = pageOf(auditEntryForStaff);
