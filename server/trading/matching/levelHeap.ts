// Many pairing heaps (one per symbol and side) over one fixed pool of nodes, in typed arrays.
//
// Why a pairing heap: the matcher only ever needs the best price level of a symbol's side
// (the root), must take levels off in best-first order as the price sweeps through them,
// and must drop an arbitrary level when its last order is cancelled. A pairing heap does
// all three with three integer links per node, so thousands of heaps share one pool
// allocated up front: no heap ever grows, nothing is allocated after construction, and
// memory is fixed by the level capacity. Insert is O(1); removing the root or any node is
// O(log n) amortised. Every loop is iterative, so a degenerate heap cannot blow the stack.

/** The null link: no node. Node numbers are 0..capacity-1. */
export const NO_NODE = -1;

export interface PairingHeapPool {
  /** Melds a detached node into the heap rooted at `root`; returns the new root. */
  insert(root: number, node: number): number;
  /** Removes `node`, which must belong to the heap rooted at `root`; returns the new root. */
  remove(root: number, node: number): number;
  /** Clears a node's links so that it can be inserted again. */
  detach(node: number): void;
  /** Unlinks every node of every heap at once (for a rebuild). */
  clear(): void;
  firstChild(node: number): number;
  nextSibling(node: number): number;
  /** Bytes held by the links. */
  readonly byteLength: number;
}

/**
 * Creates a pool of `capacity` heap nodes ordered by `priority[node]`, smallest first.
 * The caller owns `priority` and must not change a node's priority while it is in a heap.
 */
export function createPairingHeapPool(capacity: number, priority: Int32Array): PairingHeapPool {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`heap capacity must be a positive integer, got ${capacity}`);
  if (priority.length < capacity) throw new Error(`priority holds ${priority.length} entries for ${capacity} nodes`);
  const child = new Int32Array(capacity).fill(NO_NODE);
  const sibling = new Int32Array(capacity).fill(NO_NODE);
  // The left sibling, or the parent for a first child: what points at this node.
  const previous = new Int32Array(capacity).fill(NO_NODE);

  /** Links two roots (both without siblings or parent); the better one adopts the other as first child. */
  function meld(left: number, right: number): number {
    if (left === NO_NODE) return right;
    if (right === NO_NODE) return left;
    // Ties keep the earlier root on top; any choice is correct, this one is stable.
    const winner = priority[right]! < priority[left]! ? right : left;
    const loser = winner === left ? right : left;
    const oldChild = child[winner]!;
    sibling[loser] = oldChild;
    if (oldChild !== NO_NODE) previous[oldChild] = loser;
    previous[loser] = winner;
    child[winner] = loser;
    sibling[winner] = NO_NODE;
    previous[winner] = NO_NODE;
    return winner;
  }

  /** The classic two-pass merge of a sibling list: pair left to right, then fold right to left. */
  function mergeSiblings(first: number): number {
    if (first === NO_NODE) return NO_NODE;
    // Pass one: meld neighbours in pairs, chaining the results in reverse through `sibling`.
    let reversed = NO_NODE;
    let current = first;
    while (current !== NO_NODE) {
      const partner = sibling[current]!;
      let next = NO_NODE;
      sibling[current] = NO_NODE;
      previous[current] = NO_NODE;
      let pair = current;
      if (partner !== NO_NODE) {
        next = sibling[partner]!;
        sibling[partner] = NO_NODE;
        previous[partner] = NO_NODE;
        pair = meld(current, partner);
      }
      sibling[pair] = reversed;
      reversed = pair;
      current = next;
    }
    // Pass two: fold the pairs from the last one back to the first.
    let result = reversed;
    let rest = sibling[result]!;
    sibling[result] = NO_NODE;
    while (rest !== NO_NODE) {
      const next = sibling[rest]!;
      sibling[rest] = NO_NODE;
      result = meld(result, rest);
      rest = next;
    }
    return result;
  }

  function detach(node: number): void {
    child[node] = NO_NODE;
    sibling[node] = NO_NODE;
    previous[node] = NO_NODE;
  }

  return {
    insert(root, node) {
      if (previous[node] !== NO_NODE || sibling[node] !== NO_NODE || child[node] !== NO_NODE) {
        throw new Error(`heap node ${node} is already linked`);
      }
      return meld(root, node);
    },
    remove(root, node) {
      if (node === root) {
        const rest = child[root]!;
        detach(root);
        return mergeSiblings(rest);
      }
      // Unlink the node from its parent's child list, then meld its merged children back in.
      const before = previous[node]!;
      if (before === NO_NODE) throw new Error(`heap node ${node} is not in the heap rooted at ${root}`);
      const after = sibling[node]!;
      if (child[before] === node) child[before] = after;
      else sibling[before] = after;
      if (after !== NO_NODE) previous[after] = before;
      const orphans = child[node]!;
      detach(node);
      return meld(root, mergeSiblings(orphans));
    },
    detach,
    clear() {
      child.fill(NO_NODE);
      sibling.fill(NO_NODE);
      previous.fill(NO_NODE);
    },
    firstChild: (node) => child[node]!,
    nextSibling: (node) => sibling[node]!,
    byteLength: child.byteLength + sibling.byteLength + previous.byteLength,
  };
}
