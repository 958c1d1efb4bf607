// Proves a staff member sees where their staff account is signed in, this device marked, and
// can end another session.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionListItem } from '../../../../contract/sessions.ts';
import { server } from '../../../test/mswServer.ts';
import { recorded, renderBackOffice } from '../testing/backOfficeFixtures.ts';
import './StaffSessionsPage.tsx';

const sessionOf = (id: string, current: boolean): SessionListItem => ({
  id,
  device: current ? 'macOS · desktop' : 'Windows · desktop',
  browser: 'Chrome 131',
  place: '10.0.0.x',
  created_at: '2026-11-28T03:00:00.000Z',
  last_seen_at: '2026-11-28T05:00:00.000Z',
  current,
});

describe('staff sessions', () => {
  it('lists-the-staff-members-sessions-and-ends-another', async () => {
    let items = [sessionOf('3', true), sessionOf('4', false)];
    const end = recorded('admin/endSession', (body) => ((items = items.filter((item) => item.id !== body.id)), null));
    server.use(recorded('admin/sessions', () => ({ items })).handler, end.handler);
    renderBackOffice('/admin/sessions', 'reviewer');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('this-device')).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'End session on Windows · desktop · Chrome 131' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(end.bodies).toEqual([{ id: '4' }]);
  });
});
