import { useCallback, useEffect, useState } from 'react';
import type { QuoteRow } from '../../../../contract/market.ts';
import { call } from '../../../api/commandBus.ts';

/** stock/quotes and one stream connection both stop at 200 codes. */
const quotedCodesMax = 200;

/**
 * REST quotes for a list of codes, so rows show prices before the stream has them.
 * A failure is silent: rows still fill in from the stream, and the list has its own error state.
 */
export function useQuoteSnapshots(codes: readonly string[] | null): { rows: ReadonlyMap<string, QuoteRow>; refresh: () => void } {
  const [rows, setRows] = useState<ReadonlyMap<string, QuoteRow>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const key = (codes ?? []).slice(0, quotedCodesMax).join(',');
  useEffect(() => {
    if (key === '') return;
    let current = true;
    call('stock/quotes', { codes: key.split(',') }, { silent: true }).then(
      (quotes) => current && setRows(new Map(quotes.map((row) => [row.code, row]))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  return { rows, refresh: useCallback(() => setAttempt((value) => value + 1), []) };
}
