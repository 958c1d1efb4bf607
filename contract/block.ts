// The block commands and their schemas (filled in by the block domain).
export const blockCommands = {} as const;
