// Courseware and the exam before copy trading (issue 15): filled in by server/course/.
export const courseCommands = {} as const;
