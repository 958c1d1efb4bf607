// Proves the about page publishes what lets anyone check the service without trusting it: the
// statement signing key (fingerprint and PEM, copyable) and the latest days' audit and ledger
// roots, shortened for reading and copied in full; no sealed day yet and a failed load are said in words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { marketStatusAnswer } from '../../market/testing/marketFixtures.ts';
import { AboutAppPage } from './AboutPages.tsx';

const hash = (digit: string) => digit.repeat(64);
const root = (day: string, root_hash: string) => ({ day, entries: 3, last_seq: '42', root_hash });
const roots: ResponseOf<'chain/roots'> = {
  audit: [root('2026-11-27', `aaaaaaaa${'0'.repeat(48)}11111111`), root('2026-11-26', hash('b'))],
  ledger: [root('2026-11-27', hash('c')), root('2026-11-26', hash('d'))],
};
const key: ResponseOf<'statement/publicKey'> = {
  public_key_pem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAexample\n-----END PUBLIC KEY-----\n',
  fingerprint: '1a2b 3c4d 5e6f',
};

afterEach(() => vi.restoreAllMocks());

describe('about page trust material', () => {
  it('shows-the-statement-key-and-the-latest-roots-short-and-copyable', async () => {
    const copied: string[] = [];
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: async (text: string) => void copied.push(text) } as Clipboard);
    server.use(marketStatusAnswer, answerOk('statement/publicKey', key), answerOk('chain/roots', roots));
    renderPage(AboutAppPage, '/information/aboutInfo');
    expect((await screen.findByTestId('statement-key-fingerprint')).textContent).toBe('1a2b 3c4d 5e6f');
    expect(screen.getByTestId('statement-key-pem').textContent).toContain('BEGIN PUBLIC KEY');
    const days = await screen.findAllByTestId('chain-root-day');
    expect(days.map((day) => day.querySelector('strong')?.textContent)).toEqual(['2026-11-27', '2026-11-26']);
    expect(within(days[0]!).getAllByTestId('chain-root').map((code) => code.textContent)).toEqual(['aaaaaaaa…11111111', 'cccccccc…cccccccc']);
    fireEvent.click(within(days[0]!).getByRole('button', { name: 'Copy Audit log root of 2026-11-27' }));
    await waitFor(() => expect(copied).toEqual([roots.audit[0]!.root_hash]));
  });

  it('no-sealed-day-yet-and-a-failed-load-are-said-in-words', async () => {
    server.use(marketStatusAnswer, answerOk('statement/publicKey', key), answerOk('chain/roots', { audit: [], ledger: [] }));
    const { unmount } = renderPage(AboutAppPage, '/information/aboutInfo');
    expect(await screen.findByTestId('chain-roots-empty')).toBeTruthy();
    unmount();
    server.use(answerRefusal('chain/roots', 'system_busy'));
    renderPage(AboutAppPage, '/information/aboutInfo');
    expect(await screen.findByText('The chain roots could not be loaded.')).toBeTruthy();
  });
});
