// The allotment of a placement or rights issue (docs/placements.md), as a pure function so the
// property tests can drive it directly. Shares asked within an entitlement are always allotted
// in full: the shares offered are the sum of every entitlement, so they are there. What holders
// did not take up (renounced) goes to the additional shares asked beyond entitlements: all of
// them when they fit, otherwise pro rata to what each asked, rounded down to whole lots, and the
// lots that rounding left over one at a time in application order (oldest first, then again).

export interface PlacementDemand {
  id: bigint;
  /** Shares asked within the entitlement (whole lots). */
  entitled: bigint;
  /** Shares asked beyond it (whole lots). */
  additional: bigint;
}

export interface AllotmentInput {
  /** Σ entitlements: the shares on offer (whole lots). */
  offered: bigint;
  lot: bigint;
  /** Pending applications; Σ entitled ≤ offered (each holder applies within their own entitlement). */
  applications: readonly PlacementDemand[];
}

/** Shares allotted to each application, by id; every application is in the map (0 for none). */
export function allotPlacement({ offered, lot, applications }: AllotmentInput): Map<bigint, bigint> {
  if (lot <= 0n) throw new Error('placement allotment: the lot must be positive');
  const ordered = [...applications].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const entitledTotal = ordered.reduce((sum, application) => sum + application.entitled, 0n);
  if (entitledTotal > offered) throw new Error('placement allotment: more entitled shares applied for than offered');
  const renounced = offered - entitledTotal;
  const additionalTotal = ordered.reduce((sum, application) => sum + application.additional, 0n);
  const allotted = new Map(ordered.map((application) => [application.id, application.entitled]));
  if (additionalTotal <= renounced) {
    for (const application of ordered) allotted.set(application.id, application.entitled + application.additional);
    return allotted;
  }
  // Oversubscribed: a pro rata share of the renounced shares, in whole lots, never above what was asked.
  const extra = new Map<bigint, bigint>();
  let left = renounced;
  for (const application of ordered) {
    const share = ((application.additional * renounced) / additionalTotal / lot) * lot;
    extra.set(application.id, share);
    left -= share;
  }
  // Rounding down leaves fewer lots than there are applications: one more each, in order, while they last.
  while (left >= lot) {
    let given = false;
    for (const application of ordered) {
      if (left < lot) break;
      const share = extra.get(application.id)!;
      if (share + lot > application.additional) continue;
      extra.set(application.id, share + lot);
      left -= lot;
      given = true;
    }
    if (!given) break;
  }
  for (const application of ordered) allotted.set(application.id, application.entitled + extra.get(application.id)!);
  return allotted;
}
