import { useLingui } from '@lingui/react/macro';

/**
 * A ledger transfer's kind in the reader's language: what a user scans a list by, above the
 * line's sentence (src/i18n/statementReasons.ts). Kinds this app does not know yet fall back
 * to the sentence, so a new kind never shows a blank title.
 */
export function useFundRecordKindLabel(): (kind: string, sentence: string) => string {
  const { t } = useLingui();
  const exact: Record<string, string> = {
    demo_funding: t`Demo funds`,
    freeze: t`Money held`,
    unfreeze: t`Money released`,
    order_freeze: t`Order: margin and fees held`,
    order_fill: t`Order filled`,
    order_cancel: t`Order cancelled: money released`,
    position_close: t`Position closed`,
    fx_convert: t`Currency exchange`,
  };
  return (kind, sentence) => {
    if (exact[kind]) return exact[kind];
    if (kind.startsWith('deposit')) return t`Deposit`;
    if (kind.startsWith('withdraw')) return t`Withdrawal`;
    return sentence;
  };
}
