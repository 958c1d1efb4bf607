// Proves the demo outbox page says what it is, shows each message's code from its parameters,
// and is closed to reviewers.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/mswServer.ts';
import { pageOf, recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './DemoOutboxPage.tsx';

describe('demo outbox', () => {
  it('is-labelled-as-a-demo-outbox-and-shows-the-code', async () => {
    const row = { id: '7', recipient: '9876543210', kind: 'password_reset_code' as const, params: { code: '042917', minutes: 10 }, created_at: '2026-11-28T10:00:00.000Z' };
    server.use(recorded('admin/outbox/list', () => pageOf([row])).handler);
    renderBackOffice('/admin/outbox', 'operator');
    expect((await screen.findByTestId('outbox-code')).textContent).toBe('042917');
    expect(screen.getByTestId('demo-outbox-notice').textContent).toMatch(/^Demo outbox: nothing here was sent/);
    expect(screen.getByText('9876543210')).toBeTruthy();
  });

  it('reviewers-do-not-see-it', async () => {
    renderBackOffice('/admin/outbox', 'reviewer');
    expect(await screen.findByText('Your role cannot open this section')).toBeTruthy();
  });
});
