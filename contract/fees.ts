import type { OrderSide } from './trading.ts';

// The fee and margin arithmetic of an order, shared: the order sheet previews with it and the
// server freezes and charges with it, so what the user confirms is what the ledger moves, to
// the paisa. Fees are basis points of the contract amount (1 bp = 0.01 %), in integer paise,
// rounded half up to the paisa: the one rounding rule for every fee.

export interface FeeSchedule {
  serviceFeeBps: number;
  stampDutyBps: number;
  sellingFeeBps: number;
}

export function feeOn(amountPaise: bigint, bps: number): bigint {
  if (amountPaise < 0n) throw new Error('fees: negative amount');
  return (amountPaise * BigInt(bps) + 5_000n) / 10_000n;
}

export interface LegFees {
  service: bigint;
  /** Stamp duty on a buy leg, selling fee (transaction tax) on a sell leg. */
  tax: bigint;
}

/** A long position opens with a buy and closes with a sell; a short one the other way round. */
export function legFees(side: OrderSide, leg: 'open' | 'close', amountPaise: bigint, fees: FeeSchedule): LegFees {
  const buying = (side === 'long') === (leg === 'open');
  return { service: feeOn(amountPaise, fees.serviceFeeBps), tax: feeOn(amountPaise, buying ? fees.stampDutyBps : fees.sellingFeeBps) };
}

/** The trader's own money in a position: amount ÷ leverage, rounded up so margin never falls short. */
export function marginFor(amountPaise: bigint, leverage: number): bigint {
  const divisor = BigInt(leverage);
  return (amountPaise + divisor - 1n) / divisor;
}

/** A leg whose contract amount reaches the block-trade size pays the block-trade schedule, whoever trades it; any other leg the trader's own. */
export function scheduleForLeg(own: FeeSchedule, block: { minimumPaise: bigint; fees: FeeSchedule }, amountPaise: bigint): FeeSchedule {
  return amountPaise >= block.minimumPaise ? block.fees : own;
}
