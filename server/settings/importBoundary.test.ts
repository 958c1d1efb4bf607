// Proves the settings store knows nothing of trading: no file under server/settings imports
// one under server/trading (type-only and dynamic imports count too), so the two folders can
// never import each other in a circle. Trading reads its settings through the table in
// contract/tradingSettings.ts and is handed the store by server/app.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const sourceFilesUnder = (folder: string): string[] =>
  readdirSync(join(serverDir, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(serverDir, folder, file));

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, over several lines too.
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every relative import of the folder's files, as a path from server/ ("trading/rules.ts"). */
function importsOf(folder: string): { file: string; target: string }[] {
  return sourceFilesUnder(folder).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(importPattern)]
      .map((match) => match[1]!)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ file: relative(serverDir, file), target: relative(serverDir, resolve(dirname(file), specifier)) })),
  );
}

describe('settings and trading import boundary', () => {
  it('no-file-in-settings-imports-trading-so-no-circle-can-pass-through-both', () => {
    const settingsImports = importsOf('settings');
    // The scan sees real imports (the store imports its registry), so an empty answer below means something.
    expect(settingsImports).toContainEqual({ file: join('settings', 'settings.ts'), target: join('settings', 'registry.ts') });
    expect(settingsImports.filter((edge) => edge.target.startsWith(`trading${sep}`))).toEqual([]);
  });
});
