// The placement commands and their schemas (filled in by the placement domain).
export const placementCommands = {} as const;
