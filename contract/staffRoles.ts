// Which staff roles may call a back-office command (contract/api.ts and every domain's
// command table). One copy, so a domain's table reads the same as the main one.

export const anyStaff = ['reviewer', 'operator', 'admin'] as const;
export const operators = ['operator', 'admin'] as const;
export const admins = ['admin'] as const;
export const reviewers = ['reviewer', 'admin'] as const;
