// Squarified treemap (Bruls, Huizing, van Wijk 2000): lays weighted items into a rectangle
// so each tile's area is proportional to its weight and tiles stay close to square, which
// keeps small sectors readable on a phone. Coordinates are in the caller's units.

export type Tile<T> = { item: T; x: number; y: number; width: number; height: number };
type Rect = { x: number; y: number; width: number; height: number };
type Sized<T> = { item: T; area: number };

function worstAspect(row: readonly Sized<unknown>[], side: number): number {
  let sum = 0;
  let largest = 0;
  let smallest = Number.POSITIVE_INFINITY;
  for (const entry of row) {
    sum += entry.area;
    largest = Math.max(largest, entry.area);
    smallest = Math.min(smallest, entry.area);
  }
  const sideSquared = side * side;
  return Math.max((sideSquared * largest) / (sum * sum), (sum * sum) / (sideSquared * smallest));
}

/** Places one row along the shorter side of `rect` and returns what is left of it. */
function placeRow<T>(row: readonly Sized<T>[], rect: Rect, out: Tile<T>[]): Rect {
  const sum = row.reduce((total, entry) => total + entry.area, 0);
  if (rect.width >= rect.height) {
    const columnWidth = sum / rect.height;
    let y = rect.y;
    for (const entry of row) {
      const height = entry.area / columnWidth;
      out.push({ item: entry.item, x: rect.x, y, width: columnWidth, height });
      y += height;
    }
    return { x: rect.x + columnWidth, y: rect.y, width: rect.width - columnWidth, height: rect.height };
  }
  const rowHeight = sum / rect.width;
  let x = rect.x;
  for (const entry of row) {
    const width = entry.area / rowHeight;
    out.push({ item: entry.item, x, y: rect.y, width, height: rowHeight });
    x += width;
  }
  return { x: rect.x, y: rect.y + rowHeight, width: rect.width, height: rect.height - rowHeight };
}

export function squarify<T>(items: readonly { item: T; weight: number }[], width: number, height: number): Tile<T>[] {
  const positive = items.filter((entry) => entry.weight > 0);
  // With no weights at all (before the first trade) every item gets the same share.
  const weighted = positive.length > 0 ? positive : items.map((entry) => ({ ...entry, weight: 1 }));
  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  if (total <= 0 || width <= 0 || height <= 0) return [];
  const scale = (width * height) / total;
  const sized = [...weighted].sort((a, b) => b.weight - a.weight).map((entry) => ({ item: entry.item, area: entry.weight * scale }));

  const tiles: Tile<T>[] = [];
  let rect: Rect = { x: 0, y: 0, width, height };
  let row: Sized<T>[] = [];
  for (let index = 0; index < sized.length; ) {
    const next = sized[index] as Sized<T>;
    const side = Math.min(rect.width, rect.height);
    if (row.length === 0 || worstAspect([...row, next], side) <= worstAspect(row, side)) {
      row.push(next);
      index += 1;
    } else {
      rect = placeRow(row, rect, tiles);
      row = [];
    }
  }
  if (row.length > 0) placeRow(row, rect, tiles);
  return tiles;
}
