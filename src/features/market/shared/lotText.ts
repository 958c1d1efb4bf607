import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { formatCount } from '../../../ui/format.ts';

/**
 * The one way a lot is written, wherever it is shown (the funds tab, a stock's page, the order
 * sheet, a position): "100 shares per lot". The number is always the server's `lot` for the
 * instrument, which is the lot the order writer checks orders against (the listing's own, else
 * the configured default), so no screen describes a lot the server would refuse.
 */
export function useLotText(): (lot: number) => string {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  return (lot) => {
    if (lot === 1) return t`1 share per lot`;
    const count = formatCount(lot, locale);
    return t`${count} shares per lot`;
  };
}
