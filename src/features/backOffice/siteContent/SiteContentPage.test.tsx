// Proves the back office's site-content editors: an administrator sets the broker registration
// number with a reason; a value the contract refuses cannot be sent; an operator writes a news
// article in the three languages, previews each as readers will see it, and publishes it with a
// reason; an article is unpublished with a reason; operators do not see the site information.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminNewsItem } from '../../../../contract/siteContent.ts';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './SiteContentPage.tsx';
import './NewsAdminPage.tsx';

const entries = [
  { name: 'broker_registration_number', value: '', updated_at: null },
  { name: 'kefu', value: '#/home/kefuCenter', updated_at: null },
  { name: 'kefu_hours', value: '', updated_at: null },
  { name: 'logo', value: '', updated_at: null },
  { name: 'title', value: 'Ledgerline', updated_at: null },
];

describe('site information', () => {
  it('admin-sets-the-broker-number-with-a-reason', async () => {
    const update = recorded('admin/site/update', (body) => ({ name: String(body.name), value: String(body.value), updated_at: '2026-11-28T10:00:00.000Z' }));
    server.use(recorded('admin/site/list', () => entries).handler, update.handler);
    renderBackOffice('/admin/site', 'admin');
    const entry = await screen.findByTestId('site-entry-broker_registration_number');
    expect(within(entry).getByText(/not a registered broker/i)).toBeTruthy();
    fireEvent.click(within(entry).getByRole('button', { name: 'Edit Broker registration number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Broker registration number' });
    fireEvent.change(within(dialog).getByLabelText('Broker registration number'), { target: { value: 'INZ000123456' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'SEBI registration granted' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update.bodies).toEqual([{ name: 'broker_registration_number', value: 'INZ000123456', reason: 'SEBI registration granted' }]));
  });

  it('a-link-the-contract-refuses-cannot-be-sent', async () => {
    const update = recorded('admin/site/update', () => entries[1]!);
    server.use(recorded('admin/site/list', () => entries).handler, update.handler);
    renderBackOffice('/admin/site', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Customer-service link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Customer-service link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'x' } });
    expect(within(dialog).getByText('This value is not allowed here.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(update.bodies).toEqual([]);
  });

  it('operators-do-not-see-site-information', async () => {
    renderBackOffice('/admin/site', 'operator');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
  });
});

const article: AdminNewsItem = {
  id: '41',
  source: 'Desk',
  codes: [],
  texts: { en: { title: 'Holiday', summary: 'Closed.', body: 'Closed Friday.' }, tw: { title: '休市', summary: '', body: '週五休市。' }, ko: { title: '휴장', summary: '', body: '금요일 휴장.' } },
  published_at: '2026-11-20T04:00:00.000Z',
  unpublished_at: null,
  updated_at: null,
};

describe('news articles', () => {
  it('operator-writes-previews-and-publishes-an-article-in-three-languages', async () => {
    const save = recorded('admin/news/save', () => article);
    server.use(recorded('admin/news/list', () => pageOf([])).handler, save.handler);
    renderBackOffice('/admin/news', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Write an article…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write an article' });
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'Ledgerline desk' } });
    fireEvent.change(within(dialog).getByLabelText(/stock codes/i), { target: { value: 'reliance, tcs' } });
    const texts = {
      English: { title: 'Diwali holiday', body: 'Markets are closed.\n\nOrders wait for Monday.' },
      'Traditional Chinese': { title: '排燈節休市', body: '市場休市。' },
      Korean: { title: '디왈리 휴장', body: '시장이 휴장합니다.' },
    };
    for (const [language, text] of Object.entries(texts)) {
      fireEvent.click(within(dialog).getByRole('tab', { name: new RegExp(`^${language}`) }));
      fireEvent.change(within(dialog).getByLabelText(`Title (${language})`), { target: { value: text.title } });
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^Article \\(${language}`)), { target: { value: text.body } });
    }
    fireEvent.click(within(dialog).getByRole('tab', { name: /^English/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = within(dialog).getByTestId('news-preview');
    expect(within(preview).getByText('Diwali holiday')).toBeTruthy();
    expect(within(preview).getByText('Orders wait for Monday.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: /^Korean/ }));
    expect(within(within(dialog).getByTestId('news-preview')).getByText('디왈리 휴장')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Holiday notice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(save.bodies).toHaveLength(1));
    expect(save.bodies[0]).toEqual({
      source: 'Ledgerline desk',
      codes: ['RELIANCE', 'TCS'],
      texts: {
        en: { title: 'Diwali holiday', summary: '', body: 'Markets are closed.\n\nOrders wait for Monday.' },
        tw: { title: '排燈節休市', summary: '', body: '市場休市。' },
        ko: { title: '디왈리 휴장', summary: '', body: '시장이 휴장합니다.' },
      },
      reason: 'Holiday notice',
    });
  });

  it('an-article-missing-a-language-cannot-be-published', async () => {
    server.use(recorded('admin/news/list', () => pageOf([])).handler);
    renderBackOffice('/admin/news', 'operator');
    fireEvent.click(await screen.findByRole('button', { name: 'Write an article…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'Desk' } });
    fireEvent.change(within(dialog).getByLabelText('Title (English)'), { target: { value: 'Only English' } });
    fireEvent.change(within(dialog).getByLabelText(/^Article \(English/), { target: { value: 'Body' } });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'x' } });
    expect((within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('unpublishing-asks-for-a-reason', async () => {
    const setPublished = recorded('admin/news/setPublished', () => ({ ...article, unpublished_at: '2026-11-28T10:00:00.000Z' }));
    server.use(recorded('admin/news/list', () => pageOf([article])).handler, setPublished.handler);
    renderBackOffice('/admin/news', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish "Holiday"?' });
    fireEvent.change(within(dialog).getByLabelText(/reason/i), { target: { value: 'Wrong date' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(setPublished.bodies).toEqual([{ id: '41', published: false, reason: 'Wrong date' }]));
  });

  it('reviewers-do-not-see-news', async () => {
    renderBackOffice('/admin/news', 'reviewer');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
  });
});
