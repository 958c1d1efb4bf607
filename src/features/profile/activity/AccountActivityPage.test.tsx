// Proves account activity says which staff role did what, when and why, with the change in
// words (only what changed), shows an empty state, and a failed load in words with Retry.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { AccountActivityPage } from './AccountActivityPage.tsx';

const switches = (tradeBarred: boolean) => ({ frozen: false, login_banned: false, trade_barred: tradeBarred, withdraw_barred: false });
const page: ResponseOf<'user/auditLog'> = {
  items: [
    {
      id: '31',
      action: 'user.set_restriction',
      staff_role: 'operator',
      staff_name: 'Olga Mehta',
      subject_kind: 'user',
      subject_id: '1',
      reason: 'Compliance hold',
      before: switches(false),
      after: switches(true),
      created_at: '2026-11-23T04:30:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  page_size: 10,
};

describe('AccountActivityPage', () => {
  it('says-who-did-what-when-and-why-with-only-the-change', async () => {
    server.use(answerOk('user/auditLog', page));
    renderPage(AccountActivityPage, '/information/index');
    const entry = await screen.findByTestId('activity-entry');
    expect(within(entry).getByText('Account restriction changed')).toBeTruthy();
    expect(within(entry).getByText(/By Operator Olga Mehta · 23 Nov 2026/)).toBeTruthy();
    expect(within(entry).getByText('Reason: Compliance hold')).toBeTruthy();
    const changes = within(entry).getAllByTestId('activity-change');
    expect(changes.map((change) => change.textContent)).toEqual(['Trading barred:Off→On']);
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
  });

  it('no-actions-shows-the-empty-state', async () => {
    server.use(answerOk('user/auditLog', { items: [], total: 0, page: 1, page_size: 10 }));
    renderPage(AccountActivityPage, '/information/index');
    expect(await screen.findByText('No staff actions on your account')).toBeTruthy();
  });

  it('a-failed-load-is-said-in-the-users-language-and-retry-loads-again', async () => {
    await activateLocale('zh-Hant');
    server.use(answerRefusal('user/auditLog', 'system_busy'));
    renderPage(AccountActivityPage, '/information/index');
    expect(await screen.findByText('無法載入您的帳戶活動紀錄。')).toBeTruthy();
    const retried = recording('user/auditLog', () => page);
    server.use(retried.handler);
    fireEvent.click(screen.getByRole('button', { name: /重試/ }));
    expect(await screen.findByTestId('activity-entry')).toBeTruthy();
  });
});
