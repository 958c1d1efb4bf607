// Proves the rules the team cares about hold across the code: money never goes through
// a float (parseFloat, or Number() on anything named like money), and no source file grows past the size a reader can hold in their head.
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

/** Words that name money in this code base: an expression with one of them inside Number(…) is an amount going through a float. */
const moneyWords = /paise|rupee|amount|balance|pnl|margin|fee|frozen|cash|price/i;
/** A deliberate conversion says why on its line or the line above (a price in paise kept as a safe integer for the books, say). */
const deliberate = /number-ok:/;

/** The argument of each Number( call on a line, up to its matching parenthesis. */
function numberArguments(line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(/\bNumber\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < line.length && depth > 0) {
      if (line[end] === '(') depth += 1;
      if (line[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(line.slice(match.index + match[0].length, end - 1));
  }
  return found;
}

it('money-never-goes-through-Number', () => {
  const offenders = files
    .filter((path) => !path.endsWith('codebase.test.ts'))
    .flatMap((path) => {
      const lines = readFileSync(path, 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        numberArguments(line).some((argument) => moneyWords.test(argument)) && !deliberate.test(line) && !deliberate.test(lines[index - 1] ?? '')
          ? [`${path}:${index + 1}: ${line.trim()}`]
          : []);
    });
  expect(offenders).toEqual([]);
});
