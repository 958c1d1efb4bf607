// What the market benchmarks feed themselves: a fast deterministic random source and the
// skew of real tick streams, where a few names take most of the updates.

/** A deterministic xorshift in [0, 1): the benches must not depend on Math.random, nor spend their time in a library. */
export function xorshiftRandom(seed = 0x2545f491): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/** Picks symbol i with weight 1/(i+1)^0.8, as updates are spread over NSE names. */
export function skewedSymbolPicker(symbolCount: number, random: () => number): () => number {
  const cumulative = new Float64Array(symbolCount);
  let weightSum = 0;
  for (let index = 0; index < symbolCount; index++) cumulative[index] = weightSum += 1 / (index + 1) ** 0.8;
  return () => {
    const target = random() * weightSum;
    let low = 0;
    let high = symbolCount - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
