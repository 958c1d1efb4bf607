// Proves the treemap fills its rectangle exactly, with areas proportional to weights.
import { describe, expect, it } from 'vitest';
import { squarify } from './treemap.ts';

describe('squarify', () => {
  it('tiles-cover-the-rectangle-with-areas-proportional-to-weight', () => {
    const tiles = squarify(
      [6, 6, 4, 3, 2, 2, 1].map((weight, index) => ({ item: index, weight })),
      6,
      4,
    );
    expect(tiles).toHaveLength(7);
    const area = tiles.reduce((sum, tile) => sum + tile.width * tile.height, 0);
    expect(area).toBeCloseTo(24, 6);
    const first = tiles.find((tile) => tile.item === 0)!;
    expect(first.width * first.height).toBeCloseTo(6, 6);
    for (const tile of tiles) {
      expect(tile.x).toBeGreaterThanOrEqual(-1e-9);
      expect(tile.y).toBeGreaterThanOrEqual(-1e-9);
      expect(tile.x + tile.width).toBeLessThanOrEqual(6 + 1e-9);
      expect(tile.y + tile.height).toBeLessThanOrEqual(4 + 1e-9);
    }
  });

  it('zero-weights-share-the-space-equally', () => {
    const tiles = squarify([{ item: 'a', weight: 0 }, { item: 'b', weight: 0 }], 2, 1);
    expect(tiles.map((tile) => tile.width * tile.height)).toEqual([1, 1]);
  });
});
