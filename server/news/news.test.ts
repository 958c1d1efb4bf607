// Proves news reads in the reader's language: a translated item comes in Korean or Traditional
// Chinese, an untranslated one (or an unknown language) in English, marked with the language
// it is written in; the demo news is seeded in all three languages, once, and a demo database
// seeded before news had translations gains them on the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { demoNews, demoNewsAuthor, seedDemoNews } from '../demo/demoNews.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { addNews, addNewsTranslation } from './news.ts';

let database: TestDatabase;
let server: TestServer;
let session: { token: string; account: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'News Readers', kind: 'advisor', code: 'NEWS1' });
  server = await startTestServer(database.db);
  const form = { account: '9811100071', password: 'correct-horse', password2: 'correct-horse', invite_code: 'NEWS1', agree: true };
  expect((await server.call('user/register', form)).body.status).toBe(1);
  session = (await server.call('user/login', { account: form.account, password: form.password })).body.data;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

type Item = { id: string; lang: string; title: string; summary: string; body?: string };
const list = async (lang?: string) => (await server.call('news/list', lang === undefined ? { page: 1 } : { page: 1, lang }, session)).body.data as Item[];
const detail = async (id: string, lang: string) => (await server.call('news/detail', { id, lang }, session)).body.data as Item;

describe('news in the reader language', () => {
  it('a-translated-item-reads-in-korean-and-chinese-an-untranslated-one-in-english', async () => {
    const translated = await addNews(database.db, {
      title: 'Settlement holiday',
      summary: 'No settlement on Friday.',
      body: 'Trades settle on Monday.',
      source: 'Desk',
      createdBy: 'test',
      translations: { ko: { title: '결제 휴일', summary: '금요일에는 결제가 없습니다.', body: '거래는 월요일에 결제됩니다.' } },
    });
    expect(await addNewsTranslation(database.db, translated, 'tw', { title: '交割休假日', summary: '週五不交割。', body: '交易於週一交割。' }, 'test')).toBe(true);
    // A translation is added once, never replaced.
    expect(await addNewsTranslation(database.db, translated, 'tw', { title: '改過的標題', summary: '', body: '' }, 'test')).toBe(false);
    const untranslated = await addNews(database.db, { title: 'Desk notice', summary: 'English only.', body: 'Body.', source: 'Desk', createdBy: 'test' });

    const korean = await list('ko');
    expect(korean.find((item) => item.id === translated)).toMatchObject({ lang: 'ko', title: '결제 휴일', summary: '금요일에는 결제가 없습니다.' });
    expect(korean.find((item) => item.id === untranslated)).toMatchObject({ lang: 'en', title: 'Desk notice' });
    expect(await detail(translated, 'ko')).toMatchObject({ lang: 'ko', title: '결제 휴일', body: '거래는 월요일에 결제됩니다.', source: 'Desk' });
    expect(await detail(translated, 'tw')).toMatchObject({ lang: 'tw', title: '交割休假日', body: '交易於週一交割。' });
    expect(await detail(untranslated, 'tw')).toMatchObject({ lang: 'en', title: 'Desk notice', body: 'Body.' });
  });

  it('english-without-a-language-and-for-an-unknown-one', async () => {
    const withoutLanguage = await list();
    const unknownLanguage = await list('fr');
    expect(withoutLanguage.every((item) => item.lang === 'en')).toBe(true);
    expect(unknownLanguage.map((item) => item.title)).toEqual(withoutLanguage.map((item) => item.title));
    expect(withoutLanguage.find((item) => item.title === 'Settlement holiday')).toBeDefined();
  });

  it('demo-news-is-seeded-in-three-languages-and-an-older-demo-database-gains-the-translations', async () => {
    // A demo database from before translations: the first item was stored in English only.
    const [first, ...rest] = demoNews;
    const { translations: _untranslated, ...englishOnly } = first!;
    await addNews(database.db, { ...englishOnly, createdBy: demoNewsAuthor });
    await seedDemoNews(database.db);
    await seedDemoNews(database.db);

    const demoTitles = new Set(demoNews.map((item) => item.title));
    const english = (await list('en')).filter((item) => demoTitles.has(item.title));
    expect(english).toHaveLength(demoNews.length);
    for (const lang of ['ko', 'tw'] as const) {
      const shown = await list(lang);
      for (const item of [first!, ...rest]) {
        const id = english.find((candidate) => candidate.title === item.title)!.id;
        expect(shown.find((candidate) => candidate.id === id)).toMatchObject({ lang, title: item.translations[lang].title });
      }
    }
  });
});
