// Proves the rules the team cares about hold across the code: money never goes through
// a float, and no source file grows past the size a reader can hold in their head.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const sourceRoots = ['contract', 'server', 'src', 'workers', 'tests', 'bench'];
const sourcePattern = /\.(ts|tsx|mts)$/;
const fileLinesMax = 400;

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return sourcePattern.test(name) ? [path] : [];
  });
}

const files = sourceRoots.flatMap(sourceFiles);

it('no-source-file-is-longer-than-400-lines', () => {
  const long = files
    .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length }))
    .filter((file) => file.lines > fileLinesMax);
  expect(long).toEqual([]);
});

it('money-is-never-parsed-as-a-float', () => {
  // parseFloat/Number() on amounts would lose paise; amounts are parsed by contract/money.ts.
  const offenders = files.filter((path) => !path.endsWith('codebase.test.ts') && /parseFloat\s*\(/.test(readFileSync(path, 'utf8')));
  expect(offenders).toEqual([]);
});
