// The investment-preference profile (issue 15, /information/pj): filled in by server/preference/.
export const preferenceCommands = {} as const;
