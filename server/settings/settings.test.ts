// Proves configuration values have typed defaults, that an admin's change is validated
// against the setting's schema, written with an audit entry (before and after) and read at
// once by the server, that a refused change writes nothing, and that the time windows are
// read in India Standard Time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingNames } from '../../contract/settings.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { settingsRegistry } from './registry.ts';
import { loadSettings } from './settings.ts';
import { isWithinWindow } from './timeWindow.ts';

let database: TestDatabase;
let server: TestServer;
let admin: TestStaff;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  admin = await createAndLogInStaff(database.db, server, 'adele', 'admin');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const update = (name: string, value: unknown, reason = 'Policy change') => server.call('admin/settings/update', { name, value, reason }, admin.headers);

const auditRows = () => database.db.query<{ subject_id: string; before: unknown; after: unknown; reason: string }>(
  "SELECT subject_id, before, after, reason FROM audit_log WHERE action = 'settings.update' ORDER BY id",
);

describe('defaults', () => {
  it('every-setting-starts-at-its-default-and-reads-typed', () => {
    const settings = server.app.settings;
    expect(settings.get('deposit.minimum')).toBe('5000.00');
    expect(settings.paise('deposit.minimum')).toBe(500_000n);
    expect(settings.paise('withdrawal.minimum')).toBe(10_000n);
    expect(settings.paise('withdrawal.four_eyes_above')).toBe(20_000_000n);
    expect(settings.get('withdrawal.window')).toEqual({ days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' });
    expect(settings.get('withdrawal.arrival_text_hours')).toEqual({ from: 2, to: 48 });
    expect(settings.get('fund_password.max_failures')).toBe(5);
    expect(settings.get('fund_password.lockout_minutes')).toBe(30);
    expect(settings.get('upload.max_bytes')).toBe(5 * 1024 * 1024);
  });

  it('the-list-shows-every-registered-setting-with-its-group-and-description', async () => {
    const list = (await server.call('admin/settings/list', {}, admin.headers)).body.data as Array<{ name: string; description: string; overridden: boolean }>;
    expect(list.map((row) => row.name)).toEqual(settingNames);
    expect(Object.keys(settingsRegistry)).toEqual(settingNames);
    expect(list.every((row) => row.description.length > 0)).toBe(true);
  });
});

describe('deployment defaults (the TRADE_* environment)', () => {
  it('a-deployments-default-replaces-the-tables-and-is-shown-as-the-default', async () => {
    const settings = await loadSettings(database.db, { 'trade.lock_days': 2, 'trade.block_minimum': '50000000.00' });
    expect(settings.get('trade.lock_days')).toBe(2);
    expect(settings.paise('trade.block_minimum')).toBe(5_000_000_000n);
    expect(settings.list().find((row) => row.name === 'trade.lock_days')).toMatchObject({ group: 'trade', value: 2, default_value: 2, overridden: false });
  });

  it('a-deployment-default-outside-the-settings-bounds-stops-the-start', async () => {
    await expect(loadSettings(database.db, { 'trade.lock_days': 31 })).rejects.toThrow(/trade\.lock_days/);
  });
});

describe('changing a setting', () => {
  it('an-admin-changes-the-withdrawal-minimum-and-the-server-reads-it-at-once-and-after-a-restart', async () => {
    const result = await update('withdrawal.minimum', '250.00', 'Bank charges rose');
    expect(result.body.data).toMatchObject({ name: 'withdrawal.minimum', value: '250.00', default_value: '100.00', overridden: true });
    expect(server.app.settings.paise('withdrawal.minimum')).toBe(25_000n);
    const [entry] = (await auditRows()).filter((row) => row.subject_id === 'withdrawal.minimum');
    expect(entry).toEqual({ subject_id: 'withdrawal.minimum', before: '100.00', after: '250.00', reason: 'Bank charges rose' });
    // A new process reads the stored override.
    const reloaded = await loadSettings(database.db);
    expect(reloaded.get('withdrawal.minimum')).toBe('250.00');
  });

  it('an-object-setting-is-stored-and-audited-whole', async () => {
    const window = { days: [1, 2, 3, 4, 5, 6], from: '09:00', to: '17:00' };
    expect((await update('withdrawal.window', window)).body.status).toBe(1);
    expect(server.app.settings.get('withdrawal.window')).toEqual(window);
    const entry = (await auditRows()).find((row) => row.subject_id === 'withdrawal.window');
    expect(entry?.before).toEqual({ days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' });
    expect(entry?.after).toEqual(window);
  });

  it.each([
    ['deposit.minimum', '0.00', 'setting_value_invalid'],
    ['deposit.minimum', '-5.00', 'setting_value_invalid'],
    ['deposit.minimum', '12.345', 'setting_value_invalid'],
    ['deposit.minimum', 5000, 'setting_value_invalid'],
    ['deposit.window', { days: [0], from: '00:00', to: '23:59' }, 'setting_value_invalid'],
    ['deposit.window', { days: [1], from: '18:00', to: '09:00' }, 'setting_value_invalid'],
    ['deposit.window', { days: [1], from: '9:00', to: '17:00' }, 'setting_value_invalid'],
    ['withdrawal.arrival_text_hours', { from: 48, to: 2 }, 'setting_value_invalid'],
    ['fund_password.max_failures', 0, 'setting_value_invalid'],
    ['fund_password.max_failures', 2.5, 'setting_value_invalid'],
    ['upload.max_bytes', 1024 * 1024 * 1024, 'setting_value_invalid'],
    ['trade.service_fee_bps', 1001, 'setting_value_invalid'],
    ['trade.lock_days', 31, 'setting_value_invalid'],
    ['trade.block_minimum', '0.00', 'setting_value_invalid'],
    ['trade.leverage', 5, 'setting_unknown'],
    ['__proto__', 5, 'setting_unknown'],
  ])('refuses %s = %j with %s and changes nothing', async (name, value, message) => {
    const before = server.app.settings.list();
    const auditBefore = (await auditRows()).length;
    const result = await update(name, value);
    expect(result.body).toEqual({ status: 0, msg: message, data: null });
    expect(server.app.settings.list()).toEqual(before);
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('a-change-needs-a-reason', async () => {
    expect((await update('deposit.minimum', '6000.00', '')).body.msg).toBe('reason_required');
  });

  it('setting-the-value-it-already-has-is-refused', async () => {
    expect((await update('fund_password.lockout_minutes', 30)).body.msg).toBe('already_in_that_state');
  });
});

describe('time windows (IST)', () => {
  const workdayHours = { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' };
  // 2026-11-23 is a Monday.
  it.each([
    ['Monday 09:29 IST', '2026-11-23T03:59:00Z', false],
    ['Monday 09:30 IST', '2026-11-23T04:00:00Z', true],
    ['Monday 15:30:59 IST', '2026-11-23T10:00:59Z', true],
    ['Monday 15:31 IST', '2026-11-23T10:01:00Z', false],
    ['Saturday 11:00 IST', '2026-11-28T05:30:00Z', false],
    ['Friday 23:00 UTC is Saturday 04:30 IST', '2026-11-27T23:00:00Z', false],
  ])('%s is inside: %s', (_label, instant, inside) => {
    expect(isWithinWindow(workdayHours, new Date(instant))).toBe(inside);
  });

  it('sunday-is-day-7', () => {
    expect(isWithinWindow({ days: [7], from: '00:00', to: '23:59' }, new Date('2026-11-29T12:00:00Z'))).toBe(true);
  });
});
