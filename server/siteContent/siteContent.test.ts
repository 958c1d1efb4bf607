// Proves the site content staff edit in the back office: administrators (only) change the firm's
// entries and logo, operators and administrators (only) write news; every change writes one audit
// entry with its reason, before and after; the public app reads the result through common/config
// (an empty broker number still means "not registered") and news/list|detail in each of the three
// languages; an unpublished article leaves the readers' list and detail; the logo is a re-encoded
// image served with its own type and no sniffing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { createAndLogInStaff, type TestStaff } from '../testing/staffKit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { registerAndLogIn, type TestUser } from '../testing/userKit.ts';

let database: TestDatabase;
let server: TestServer;
let admin: TestStaff;
let operator: TestStaff;
let reviewer: TestStaff;
let reader: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Site Tests', kind: 'advisor', code: 'SITE1' });
  server = await startTestServer(database.db);
  admin = await createAndLogInStaff(database.db, server, 'ada', 'admin');
  operator = await createAndLogInStaff(database.db, server, 'otto', 'operator');
  reviewer = await createAndLogInStaff(database.db, server, 'ruth', 'reviewer');
  reader = await registerAndLogIn(database.db, server, '9855500001', 'SITE1');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const config = async () => Object.fromEntries(((await server.call('common/config', { type: 'all' })).body.data as { name: string; value: string }[]).map((row) => [row.name, row.value]));
const lastAudit = async (action: string) => (await server.call('admin/audit/list', { page: 1, action }, admin.headers)).body.data.items[0];

describe('the firm entries', () => {
  it('only-administrators-change-them-and-each-change-is-audited-with-its-reason', async () => {
    const form = { name: 'kefu_hours', value: 'Mon–Sat 09:00–18:00 IST', reason: 'Desk hours published' };
    expect((await server.call('admin/site/update', form, operator.headers)).httpStatus).toBe(403);
    expect((await server.call('admin/site/update', form, reviewer.headers)).httpStatus).toBe(403);
    expect((await server.call('admin/site/list', {}, operator.headers)).httpStatus).toBe(403);
    expect((await server.call('admin/site/update', form, reader.session)).httpStatus).toBe(401);
    const saved = await server.call('admin/site/update', form, admin.headers);
    expect(saved.body.data).toMatchObject({ name: 'kefu_hours', value: 'Mon–Sat 09:00–18:00 IST' });
    expect((await config()).kefu_hours).toBe('Mon–Sat 09:00–18:00 IST');
    expect(await lastAudit('site.update')).toMatchObject({ subject_kind: 'site_config', subject_id: 'kefu_hours', reason: 'Desk hours published', before: { value: '' }, after: { value: form.value } });
  });

  it('the-broker-number-is-registered-only-when-set-and-an-empty-one-means-not-registered-again', async () => {
    expect((await config()).broker_registration_number).toBe('');
    await server.call('admin/site/update', { name: 'broker_registration_number', value: ' INZ000123456 ', reason: 'SEBI registration granted' }, admin.headers);
    expect((await config()).broker_registration_number).toBe('INZ000123456');
    await server.call('admin/site/update', { name: 'broker_registration_number', value: '', reason: 'Registration lapsed' }, admin.headers);
    expect((await config()).broker_registration_number).toBe('');
  });

  it('refuses-a-bad-value-or-a-missing-reason-and-changes-nothing', async () => {
    const before = await config();
    expect((await server.call('admin/site/update', { name: 'kefu', value: 'javascript:alert(1)', reason: 'x' }, admin.headers)).body.msg).toBe('invalid_field:value');
    expect((await server.call('admin/site/update', { name: 'title', value: '', reason: 'x' }, admin.headers)).body.msg).toBe('invalid_field:value');
    expect((await server.call('admin/site/update', { name: 'title', value: 'Ledger', reason: ' ' }, admin.headers)).body.msg).toBe('reason_required');
    expect((await server.call('admin/site/update', { name: 'logo', value: '/evil', reason: 'x' }, admin.headers)).body.msg).toBe('invalid_field:name');
    expect((await server.call('admin/site/update', { name: 'demo_mode', value: '1', reason: 'x' }, admin.headers)).body.msg).toBe('invalid_field:name');
    expect(await config()).toEqual(before);
  });
});

describe('the logo', () => {
  it('an-uploaded-image-is-re-encoded-and-served-safely', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 4, background: '#1b6ef3' } }).png().toBuffer();
    const appended = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const saved = await server.call('admin/site/setLogo', { image_base64: appended.toString('base64'), reason: 'New brand' }, admin.headers);
    expect(saved.body.data.logo).toMatch(/^\/site\/logo\/\d+$/);
    expect((await config()).logo).toBe(saved.body.data.logo);
    const served = await server.app.http.inject({ method: 'GET', url: saved.body.data.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(await lastAudit('site.set_logo')).toMatchObject({ reason: 'New brand', after: { value: saved.body.data.logo } });
    expect((await server.app.http.inject({ method: 'GET', url: '/site/logo/999999' })).statusCode).toBe(404);
  });

  it('refuses-what-is-not-a-whole-image-and-operators', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect((await server.call('admin/site/setLogo', { image_base64: svg, reason: 'x' }, admin.headers)).body.msg).toBe('logo_image_invalid');
    const big = await sharp({ create: { width: 900, height: 100, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await server.call('admin/site/setLogo', { image_base64: big.toString('base64'), reason: 'x' }, admin.headers)).body.msg).toBe('logo_image_invalid');
    expect((await server.call('admin/site/setLogo', { image_base64: svg, reason: 'x' }, operator.headers)).httpStatus).toBe(403);
  });
});

const article = {
  source: 'Ledgerline desk',
  codes: ['RELIANCE'],
  texts: {
    en: { title: 'Markets closed on Diwali', summary: 'No trading on Friday.', body: 'The exchanges are closed for Diwali. Orders placed will wait for Monday.' },
    tw: { title: '排燈節休市', summary: '週五不交易。', body: '交易所因排燈節休市。下單將等到週一。' },
    ko: { title: '디왈리 휴장', summary: '금요일 거래 없음.', body: '디왈리로 거래소가 휴장합니다. 주문은 월요일까지 대기합니다.' },
  },
  reason: 'Holiday notice',
};

describe('news written in the back office', () => {
  it('operators-and-admins-write-it-reviewers-do-not', async () => {
    expect((await server.call('admin/news/save', article, reviewer.headers)).httpStatus).toBe(403);
    expect((await server.call('admin/news/list', { page: 1 }, reviewer.headers)).httpStatus).toBe(403);
    expect((await server.call('admin/news/save', article, reader.session)).httpStatus).toBe(401);
  });

  it('readers-read-it-in-each-of-the-three-languages', async () => {
    const saved = await server.call('admin/news/save', article, operator.headers);
    expect(saved.body.status).toBe(1);
    const id = saved.body.data.id as string;
    for (const [lang, text] of [['en', article.texts.en], ['tw', article.texts.tw], ['ko', article.texts.ko]] as const) {
      const list = await server.call('news/list', { page: 1, lang }, reader.session);
      expect(list.body.data.find((item: { id: string }) => item.id === id)).toMatchObject({ lang, title: text.title, summary: text.summary });
      expect((await server.call('news/detail', { id, lang }, reader.session)).body.data).toMatchObject({ lang, body: text.body });
    }
    expect(await lastAudit('news.create')).toMatchObject({ subject_kind: 'news', subject_id: id, reason: 'Holiday notice', before: null, after: { texts: { ko: article.texts.ko } } });
  });

  it('an-edit-changes-every-language-and-is-audited-with-before-and-after', async () => {
    const id = (await server.call('admin/news/save', article, operator.headers)).body.data.id as string;
    const edited = { ...article, id, texts: { ...article.texts, ko: { ...article.texts.ko, title: '디왈리 휴장 안내' } }, reason: 'Korean title fixed' };
    const saved = await server.call('admin/news/save', edited, admin.headers);
    expect(saved.body.data.texts.ko.title).toBe('디왈리 휴장 안내');
    expect((await server.call('news/detail', { id, lang: 'ko' }, reader.session)).body.data.title).toBe('디왈리 휴장 안내');
    const entry = await lastAudit('news.edit');
    expect(entry).toMatchObject({ subject_id: id, reason: 'Korean title fixed', staff_login: 'ada' });
    expect(entry.before.texts.ko.title).toBe('디왈리 휴장');
    expect(entry.after.texts.ko.title).toBe('디왈리 휴장 안내');
    expect((await server.call('admin/news/save', { ...edited, id: '999999' }, admin.headers)).body.msg).toBe('not_found');
  });

  it('unpublishing-hides-it-from-readers-and-publishing-brings-it-back', async () => {
    const id = (await server.call('admin/news/save', article, operator.headers)).body.data.id as string;
    const hidden = await server.call('admin/news/setPublished', { id, published: false, reason: 'Wrong date' }, operator.headers);
    expect(hidden.body.data.unpublished_at).not.toBeNull();
    expect((await server.call('news/list', { page: 1 }, reader.session)).body.data.some((item: { id: string }) => item.id === id)).toBe(false);
    expect((await server.call('news/detail', { id }, reader.session)).body.msg).toBe('not_found');
    expect((await server.call('admin/news/list', { page: 1 }, operator.headers)).body.data.items.find((item: { id: string }) => item.id === id).unpublished_at).not.toBeNull();
    expect(await lastAudit('news.unpublish')).toMatchObject({ subject_id: id, reason: 'Wrong date', before: { published: true }, after: { published: false } });
    await server.call('admin/news/setPublished', { id, published: true, reason: 'Date checked' }, operator.headers);
    expect((await server.call('news/detail', { id }, reader.session)).body.status).toBe(1);
  });

  it('refuses-an-article-missing-a-language-or-a-reason', async () => {
    const { ko: _ko, ...twoLanguages } = article.texts;
    expect((await server.call('admin/news/save', { ...article, texts: twoLanguages }, operator.headers)).body.msg).toBe('invalid_field:texts.ko');
    expect((await server.call('admin/news/save', { ...article, reason: '' }, operator.headers)).body.msg).toBe('reason_required');
    expect((await server.call('admin/news/save', { ...article, texts: { ...article.texts, en: { ...article.texts.en, title: '' } } }, operator.headers)).body.msg).toBe('invalid_field:texts.en.title');
  });
});
