// The vip commands and their schemas (filled in by the vip domain).
export const vipCommands = {} as const;
