import type { z } from 'zod';
import { type Paise, parseRupees } from '../../contract/money.ts';
import type { JsonValue } from '../../contract/paging.ts';
import { type RupeeSettingName, type SettingName, type SettingValue, settingNames } from '../../contract/settings.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { isSettingName, settingsRegistry } from './registry.ts';

// The settings store: every registered value, loaded from the `settings` table at start and
// kept in memory, so reading one (settings.get('withdrawal.minimum')) costs no query. An
// update writes the table and its audit entry in one transaction, then the memory.
//
// One process owns its memory: a second server process sees a change after reload() (or a
// restart). Run one server per database until that matters.

export interface SettingsUpdate {
  name: string;
  value: JsonValue;
  reason: string;
}

interface Override {
  value: JsonValue;
  updatedAt: Date;
}

export interface Settings {
  /** The current value of a setting (its override, else its default). */
  get<Name extends SettingName>(name: Name): SettingValue<Name>;
  /** A rupee setting as integer paise. */
  paise(name: RupeeSettingName): Paise;
  /** Every setting with its value, default and group, for the back office. */
  list(): SettingRow[];
  /** Changes one setting for `staffId`: validated, written with its audit entry, then applied. */
  update(db: Database, staffId: bigint, change: SettingsUpdate): Promise<SettingRow>;
  /** Reads the table again (another process may have changed it). */
  reload(sql: Sql): Promise<void>;
  /** Counts the changes applied (update and reload), so a reader may keep what it derives from the values until the next one. */
  revision(): number;
}

export interface SettingRow {
  name: SettingName;
  group: (typeof settingsRegistry)[SettingName]['group'];
  description: string;
  value: JsonValue;
  default_value: JsonValue;
  overridden: boolean;
  updated_at: string | null;
}

const schemaOf = (name: SettingName) => settingsRegistry[name].schema as z.ZodType;

async function readOverrides(sql: Sql): Promise<Map<SettingName, Override>> {
  const rows = await sql.query<{ name: string; value: JsonValue; updated_at: Date }>('SELECT name, value, updated_at FROM settings');
  const overrides = new Map<SettingName, Override>();
  for (const row of rows) {
    // A row for a setting no longer registered is left alone: it does nothing.
    if (!isSettingName(row.name)) continue;
    // A stored value that no longer fits its schema would silently change a limit users rely on: refuse to start.
    if (!schemaOf(row.name).safeParse(row.value).success) {
      throw new Error(`settings: stored value of ${row.name} no longer matches its schema; fix it in the settings table`);
    }
    overrides.set(row.name, { value: row.value, updatedAt: new Date(row.updated_at) });
  }
  return overrides;
}

/** Defaults a deployment sets itself (the TRADE_* environment), in place of the registry's. */
export type SettingDefaults = { [Name in SettingName]?: SettingValue<Name> };

export async function loadSettings(sql: Sql, deploymentDefaults: SettingDefaults = {}): Promise<Settings> {
  let overrides = await readOverrides(sql);
  let revision = 0;
  for (const [name, value] of Object.entries(deploymentDefaults) as [SettingName, unknown][]) {
    if (!schemaOf(name).safeParse(value).success) throw new Error(`settings: the deployment's default for ${name} does not match its schema`);
  }
  const defaultOf = <Name extends SettingName>(name: Name): SettingValue<Name> =>
    (deploymentDefaults[name] ?? settingsRegistry[name].defaultValue) as SettingValue<Name>;

  const get = <Name extends SettingName>(name: Name): SettingValue<Name> => (overrides.get(name)?.value ?? defaultOf(name)) as SettingValue<Name>;

  const rowOf = (name: SettingName): SettingRow => {
    const definition = settingsRegistry[name];
    const override = overrides.get(name);
    return {
      name,
      group: definition.group,
      description: definition.description,
      value: get(name) as JsonValue,
      default_value: defaultOf(name) as JsonValue,
      overridden: override !== undefined,
      updated_at: override ? override.updatedAt.toISOString() : null,
    };
  };

  return {
    get,
    paise(name) {
      const paise = parseRupees(get(name));
      if (paise === null) throw new Error(`settings: ${name} is not a rupee amount`);
      return paise;
    },
    list: () => settingNames.map(rowOf),
    async update(db, staffId, change) {
      if (!isSettingName(change.name)) refuse('setting_unknown');
      const name = change.name;
      const parsed = schemaOf(name).safeParse(change.value);
      if (!parsed.success) refuse('setting_value_invalid');
      const value = parsed.data as JsonValue;
      const before = get(name) as JsonValue;
      if (JSON.stringify(before) === JSON.stringify(value)) refuse('already_in_that_state');
      const updatedAt = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ updated_at: Date }>(
          `INSERT INTO settings (name, value, updated_by) VALUES ($1, ($2::text)::jsonb, $3)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = now()
           RETURNING updated_at`,
          [name, JSON.stringify(value), staffId.toString()],
        );
        await recordAudit(tx, { staffId, action: 'settings.update', subjectKind: 'setting', subjectId: name, reason: change.reason, before, after: value });
        return new Date(row!.updated_at);
      });
      // Only after the commit: a rolled-back change must never be visible.
      overrides.set(name, { value, updatedAt });
      revision += 1;
      return rowOf(name);
    },
    async reload(sql) {
      overrides = await readOverrides(sql);
      revision += 1;
    },
    revision: () => revision,
  };
}
