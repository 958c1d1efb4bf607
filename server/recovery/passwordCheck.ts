// The password policy a reset applies. Length is checked by the contract (newLoginPassword); the
// common-password check lives in server/accounts/passwordPolicy.ts (checkNewPassword) on the branch
// that adds it — once both are merged, this function calls it, and nothing else changes.
export async function checkResetPassword(_password: string, _account: string): Promise<void> {}
