/**
 * Standard normal draws from a uniform [0, 1) source, by Box–Muller: two uniforms give two
 * independent normals, so every other call is free. Deterministic for a deterministic source.
 */
export function gaussianFrom(uniform: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}
