// Proves every industry the server can send, and every industry in the NIFTY 500/750 lists
// another issue will load, reads in Traditional Chinese and Korean rather than in English,
// as does the demo institution, and that a name this app does not know is shown as sent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { i18n } from '@lingui/core';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { demoInstitutionName } from '../../contract/demo.ts';
import { activateLocale } from './activateLocale.ts';
import { industryName, industryNames, institutionName } from './serverNames.ts';

// Read as files: the catalog module finds its lists through import.meta.url, which the web
// test runner rewrites. Tests run from the repository root.
const referenceDir = resolve('server/market/reference');
const sharedListsDir = resolve('../shared/data/instruments');

/** Industries of the NSE lists in a folder (the shared NIFTY 500/750 lists are absent on a bare checkout). */
function industriesOfLists(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.csv'))
    .flatMap((file) => parse(readFileSync(join(dir, file), 'utf8'), { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true, bom: true }) as Record<string, string>[])
    .map((row) => row.Industry)
    .filter((industry): industry is string => Boolean(industry));
}

/** The foreign listings the catalog defines in code. */
const industriesOfCatalogCode = [...readFileSync(resolve('server/market/instruments/catalog.ts'), 'utf8').matchAll(/industry: '([^']+)'/g)].map((match) => match[1]!);

const knownIndustries = [...new Set([...industriesOfLists(referenceDir), ...industriesOfCatalogCode, ...industriesOfLists(sharedListsDir)])].sort();

describe('industry names', () => {
  it('every-industry-of-the-catalog-and-the-nifty-lists-has-a-name', () => {
    expect(knownIndustries.length).toBeGreaterThan(5);
    expect(knownIndustries.filter((industry) => !Object.hasOwn(industryNames, industry))).toEqual([]);
  });

  it.each(['zh-Hant', 'ko'] as const)('every-industry-reads-in-%s', async (locale) => {
    await activateLocale(locale);
    const untranslated = Object.keys(industryNames).filter((industry) => industryName(industry, i18n) === industry);
    expect(untranslated).toEqual([]);
  });

  it('financial-services-reads-as-a-taiwanese-and-a-korean-broker-says-it', async () => {
    await activateLocale('zh-Hant');
    expect(industryName('Financial Services', i18n)).toBe('金融服務');
    await activateLocale('ko');
    expect(industryName('Financial Services', i18n)).toBe('금융 서비스');
    await activateLocale('en');
    expect(industryName('Financial Services', i18n)).toBe('Financial Services');
  });

  it('an-industry-or-institution-this-app-does-not-know-is-shown-as-sent', async () => {
    await activateLocale('ko');
    expect(industryName('Space Tourism', i18n)).toBe('Space Tourism');
    expect(institutionName('Acme Advisors', i18n)).toBe('Acme Advisors');
  });

  it.each(['zh-Hant', 'ko'] as const)('the-demo-institution-reads-in-%s', async (locale) => {
    await activateLocale(locale);
    expect(institutionName(demoInstitutionName, i18n)).not.toBe(demoInstitutionName);
  });
});
