// Finds the price level of (symbol side, price) in O(1) expected time, so that adding an
// order to a price that already rests costs a hash probe instead of a walk down the heap.
//
// Open addressing with linear probing over one Int32Array of level numbers, sized at
// construction to at least twice the level capacity (load factor at most one half). The
// keys are not copied into the table: a slot holds a level number and the key is read
// from the level's own arrays, which keeps the table at four bytes a slot. Deletion
// shifts the following run back (no tombstones), so a long day of cancels never degrades
// the probes.

const EMPTY_SLOT = -1;

export interface LevelTable {
  /** The level holding (symbolSide, pricePaise), or -1. */
  find(symbolSide: number, pricePaise: number): number;
  /** Records a level whose key is already written to the level arrays and is not in the table. */
  insert(level: number): void;
  /** Forgets a level that is in the table; its key must still be in the level arrays. */
  delete(level: number): void;
  clear(): void;
  /** Bytes held by the slots. */
  readonly byteLength: number;
}

export function createLevelTable(levelCapacity: number, levelSymbolSide: Int32Array, levelPricePaise: Int32Array): LevelTable {
  let slotCount = 16;
  while (slotCount < levelCapacity * 2) slotCount *= 2;
  if (slotCount > 2 ** 30) throw new Error(`level capacity ${levelCapacity} is beyond the table's limit`);
  const mask = slotCount - 1;
  const slots = new Int32Array(slotCount).fill(EMPTY_SLOT);

  /** A 32-bit mix (murmur3's finaliser) so that neighbouring prices of one symbol spread over the table. */
  function home(symbolSide: number, pricePaise: number): number {
    let hash = Math.imul(symbolSide, 0x9e3779b1) ^ pricePaise;
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    return (hash ^ (hash >>> 16)) & mask;
  }

  function find(symbolSide: number, pricePaise: number): number {
    // The load factor bound guarantees an empty slot, so this loop ends.
    for (let slot = home(symbolSide, pricePaise); ; slot = (slot + 1) & mask) {
      const level = slots[slot]!;
      if (level === EMPTY_SLOT) return EMPTY_SLOT;
      if (levelPricePaise[level] === pricePaise && levelSymbolSide[level] === symbolSide) return level;
    }
  }

  function insert(level: number): void {
    let slot = home(levelSymbolSide[level]!, levelPricePaise[level]!);
    while (slots[slot] !== EMPTY_SLOT) {
      if (slots[slot] === level) throw new Error(`level ${level} is already in the table`);
      slot = (slot + 1) & mask;
    }
    slots[slot] = level;
  }

  function remove(level: number): void {
    let hole = home(levelSymbolSide[level]!, levelPricePaise[level]!);
    while (slots[hole] !== level) {
      if (slots[hole] === EMPTY_SLOT) throw new Error(`level ${level} is not in the table`);
      hole = (hole + 1) & mask;
    }
    slots[hole] = EMPTY_SLOT;
    // Move back every later entry of the run that may no longer be reachable from its home slot.
    for (let slot = (hole + 1) & mask; slots[slot] !== EMPTY_SLOT; slot = (slot + 1) & mask) {
      const moved = slots[slot]!;
      const movedHome = home(levelSymbolSide[moved]!, levelPricePaise[moved]!);
      // The entry stays if its home lies cyclically in (hole, slot]; otherwise it fills the hole.
      const staysPut = hole <= slot ? hole < movedHome && movedHome <= slot : hole < movedHome || movedHome <= slot;
      if (staysPut) continue;
      slots[hole] = moved;
      slots[slot] = EMPTY_SLOT;
      hole = slot;
    }
  }

  return { find, insert, delete: remove, clear: () => void slots.fill(EMPTY_SLOT), byteLength: slots.byteLength };
}
