// The published fee-rebate promotion (issue 15, the spec's loss-compensation offer): filled in by server/promotion/.
export const promotionCommands = {} as const;
