// Staff commands on IPOs through the API: who may do what, edits only while upcoming, dates
// in order, codes not taken, an extension only moves an open issue's dates later, withdrawal
// only before opening with a reason users read, and every change in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, issueForm, type IpoWorld, openIpoWorld, openIssue } from './ipoTestKit.ts';

let world: IpoWorld;
beforeAll(async () => {
  world = await openIpoWorld('st');
});
afterAll(async () => {
  await world?.close();
});

const hourMs = 3_600_000;
const later = (hours: number) => new Date(world.clock.now + hours * hourMs).toISOString();
const auditOf = (ipoId: string) =>
  world.db.query<{ action: string; reason: string; before: unknown; after: Record<string, unknown> }>(
    "SELECT action, reason, before, after FROM audit_log WHERE subject_kind = 'ipo' AND subject_id = $1 ORDER BY id", [ipoId],
  );

describe('who may act', () => {
  it('reviewers-read-and-draw-but-do-not-edit-and-users-are-not-staff', async () => {
    expect((await world.server.call('admin/ipo/save', issueForm(world), world.reviewer.headers)).httpStatus).toBe(403);
    expect((await world.server.call('admin/ipo/list', { page: 1 }, world.reviewer.headers)).body.status).toBe(1);
    const user = await world.newUser();
    expect((await world.server.call('admin/ipo/list', { page: 1 }, user.session)).httpStatus).toBe(401);
    expect((await world.server.call('ipo/list', {})).httpStatus).toBe(401);
  });
});

describe('saving', () => {
  it('creates-and-edits-an-upcoming-issue-audited', async () => {
    const created = await world.server.call('admin/ipo/save', issueForm(world, { open_at: later(5), close_at: later(10), draw_at: later(11), listing_at: later(12) }), world.operator.headers);
    expect(created.body.data).toMatchObject({ state: 'upcoming', commitment: null, retail_cap: '200000.00', max_lots: 20, applications: 0, payment_after_draw: false });
    const ipoId = created.body.data.id;
    const edited = await world.server.call('admin/ipo/save', issueForm(world, { ipo_id: ipoId, code: created.body.data.code, price: '120.00', retail_cap: '150000.00', open_at: later(5), close_at: later(10), draw_at: later(11), listing_at: later(12), reason: 'Price band revised' }), world.admin.headers);
    expect(edited.body.data).toMatchObject({ id: ipoId, price: '120.00', retail_cap: '150000.00', max_lots: 12 });
    const audit = await auditOf(ipoId);
    expect(audit.map((entry) => entry.action)).toEqual(['ipo.save', 'ipo.save']);
    expect(audit[1]).toMatchObject({ reason: 'Price band revised', before: { price_paise: '10000' }, after: { price_paise: '12000' } });
    expect(JSON.stringify(audit)).not.toContain('server_seed');
    const listed = (await world.server.call('admin/ipo/list', { page: 1, state: 'upcoming' }, world.reviewer.headers)).body.data;
    expect(listed.items.map((row: { id: string }) => row.id)).toContain(ipoId);
  });

  it('refuses-unordered-dates-taken-codes-and-edits-once-open', async () => {
    const unordered = await world.server.call('admin/ipo/save', issueForm(world, { open_at: later(5), close_at: later(4) }), world.operator.headers);
    expect(unordered.body.msg).toBe('ipo_dates_invalid');
    expect((await world.server.call('admin/ipo/save', issueForm(world, { payment_after_draw: true }), world.operator.headers)).body.msg).toBe('invalid_field:payment_after_draw');
    const first = await world.server.call('admin/ipo/save', issueForm(world), world.operator.headers);
    const clash = await world.server.call('admin/ipo/save', issueForm(world, { code: first.body.data.code }), world.operator.headers);
    expect(clash.body.msg).toBe('ipo_code_taken');
    const instrument = world.server.app.trading.market.instruments.find((spec) => /^[A-Z0-9&_-]{1,20}$/.test(spec.code))!.code;
    expect((await world.server.call('admin/ipo/save', issueForm(world, { code: instrument }), world.operator.headers)).body.msg).toBe('ipo_code_taken');

    const ipoId = await openIssue(world);
    const detail = (await world.server.call('admin/ipo/detail', { ipo_id: ipoId }, world.reviewer.headers)).body.data;
    expect(detail.state).toBe('open');
    expect(detail.commitment).toMatch(/^[0-9a-f]{64}$/);
    const edit = await world.server.call('admin/ipo/save', { ...issueForm(world), ipo_id: ipoId, code: detail.code }, world.operator.headers);
    expect(edit.body.msg).toBe('ipo_not_editable');
    expect((await world.server.call('admin/ipo/withdraw', { ipo_id: ipoId, reason: 'Too late' }, world.operator.headers)).body.msg).toBe('ipo_not_editable');
  });
});

describe('extending and withdrawing', () => {
  it('an-open-issue-is-extended-later-only-and-applications-follow-the-new-close', async () => {
    const ipoId = await openIssue(world);
    const before = (await world.server.call('admin/ipo/detail', { ipo_id: ipoId }, world.admin.headers)).body.data;
    const closeAt = Date.parse(before.close_at);
    const at = (time: number) => new Date(time).toISOString();
    const earlier = await world.server.call('admin/ipo/extend', { ipo_id: ipoId, close_at: at(closeAt - hourMs), draw_at: before.draw_at, listing_at: before.listing_at, reason: 'Shorter' }, world.operator.headers);
    expect(earlier.body.msg).toBe('ipo_dates_invalid');
    const extended = await world.server.call('admin/ipo/extend', {
      ipo_id: ipoId, close_at: at(closeAt + 24 * hourMs), draw_at: at(closeAt + 25 * hourMs), listing_at: at(closeAt + 48 * hourMs), reason: 'SEBI-approved extension',
    }, world.operator.headers);
    expect(extended.body.data.close_at).toBe(at(closeAt + 24 * hourMs));
    world.clock.now = closeAt + hourMs;
    const user = await world.newUser();
    expect((await apply(world, user, ipoId, 1)).body.status).toBe(1);
    expect((await auditOf(ipoId)).map((entry) => entry.action)).toEqual(['ipo.save', 'ipo.extend']);
  });

  it('an-upcoming-issue-is-withdrawn-with-a-reason-users-see', async () => {
    const created = await world.server.call('admin/ipo/save', issueForm(world, { open_at: later(30), close_at: later(40), draw_at: later(41), listing_at: later(50) }), world.operator.headers);
    const ipoId = created.body.data.id;
    await world.server.call('admin/ipo/withdraw', { ipo_id: ipoId, reason: 'The issuer withdrew its offer document' }, world.operator.headers);
    const user = await world.newUser();
    const detail = (await world.server.call('ipo/detail', { ipo_id: ipoId }, user.session)).body.data;
    expect(detail.issue).toMatchObject({ state: 'withdrawn', withdrawn_reason: 'The issuer withdrew its offer document' });
    expect((await world.server.call('admin/ipo/extend', { ipo_id: ipoId, close_at: later(60), draw_at: later(61), listing_at: later(62), reason: 'x' }, world.operator.headers)).body.msg).toBe('ipo_not_editable');
    // The job never opens a withdrawn issue, whatever its dates say.
    world.clock.now = Date.parse(created.body.data.open_at) + hourMs;
    expect((await world.server.call('ipo/detail', { ipo_id: ipoId }, user.session)).body.data.issue.state).toBe('withdrawn');
  });
});
