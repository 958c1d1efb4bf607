import { useLingui } from '@lingui/react/macro';
import { type LedgerCurrency, parseMinorAmount } from '../../../contract/currencies.ts';
import type { PlacementApplicationState, PlacementOffer, PlacementState } from '../../../contract/placement.ts';
import { formatBasisPoints } from '../../ui/format.ts';
import { formatMoney } from '../../ui/money.ts';
import { type BadgeTone } from '../funding/fundingLabels.ts';
import { useIpoLabels } from '../ipo/ipoText.ts';

// Words and figures of the placement and rights-issue screens: the states of an offer and of
// an application, the ratio, the discount to the market price, amounts in the offer's currency.

export const offerTone: Record<PlacementState, BadgeTone> = { upcoming: 'neutral', open: 'good', closed: 'waiting', allotted: 'neutral', withdrawn: 'bad' };
export const applicationTone: Record<PlacementApplicationState, BadgeTone> = { pending: 'waiting', allotted: 'good', released: 'neutral', withdrawn: 'neutral' };

/** price × shares in minor units of the offer's currency; null when the price is malformed (shown as "—"). */
export function amountForShares(price: string, currency: LedgerCurrency, shares: number): bigint | null {
  const minor = parseMinorAmount(price, currency);
  return minor === null ? null : minor * BigInt(shares);
}

/** How far below the market price the offer is, in basis points (positive: a discount); null without a market price. */
export function discountBasisPoints(offer: Pick<PlacementOffer, 'price' | 'market_price' | 'currency'>): number | null {
  if (offer.market_price === null) return null;
  const price = parseMinorAmount(offer.price, offer.currency);
  const market = parseMinorAmount(offer.market_price, offer.currency);
  if (price === null || market === null || market <= 0n) return null;
  // number-ok: a ratio in basis points, far inside the safe range
  return Number(((market - price) * 10_000n) / market);
}

export function usePlacementLabels() {
  const { t } = useLingui();
  const ipo = useIpoLabels();
  const offerState: Record<PlacementState, string> = {
    upcoming: t`Upcoming`,
    open: t({ message: 'Open', context: 'placement state' }),
    closed: t({ message: 'Closed', context: 'placement state' }),
    allotted: t`Allotted`,
    withdrawn: t({ message: 'Withdrawn', context: 'placement state' }),
  };
  const applicationState: Record<PlacementApplicationState, string> = {
    pending: t({ message: 'Pending', context: 'placement application' }),
    allotted: t({ message: 'Allotted', context: 'placement application' }),
    released: t`Released`,
    withdrawn: t({ message: 'Withdrawn', context: 'placement application' }),
  };
  const kind = (offer: Pick<PlacementOffer, 'kind'>) => (offer.kind === 'rights' ? t`Rights issue` : t`Placement`);
  const money = (amount: string | bigint | null, currency: LedgerCurrency): string => formatMoney(amount, currency);
  /** "1 new for every 5 held". */
  const ratio = (offer: Pick<PlacementOffer, 'ratio_new' | 'ratio_held'>) => {
    const fresh = offer.ratio_new;
    const held = offer.ratio_held;
    return t`${fresh} new for every ${held} held`;
  };
  const discount = (offer: Pick<PlacementOffer, 'price' | 'market_price' | 'currency'>): string | null => {
    const basisPoints = discountBasisPoints(offer);
    if (basisPoints === null) return null;
    const percent = formatBasisPoints(Math.abs(basisPoints), ipo.locale, { signed: false });
    return basisPoints >= 0 ? t`${percent} below the market price` : t`${percent} above the market price`;
  };
  return { when: ipo.when, shares: ipo.shares, locale: ipo.locale, offerState, applicationState, kind, money, ratio, discount };
}
