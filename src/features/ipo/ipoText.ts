import { useLingui } from '@lingui/react/macro';
import type { IpoApplicationState, IpoIssue, IpoState } from '../../../contract/ipo.ts';
import { parseRupees, type Paise } from '../../../contract/money.ts';
import type { IpoTab } from '../../app/routeSearch.ts';
import { formatIstDateTime } from '../../ui/format.ts';
import { formatMoney } from '../../ui/money.ts';
import { type BadgeTone, useFundingLabels } from '../funding/fundingLabels.ts';

// Words and figures of the IPO screens: the states of an issue and of an application, the
// price or band, the minimum investment, dates in IST and the retail subscription.

/** Which list tab an issue appears under: withdrawn and allotted issues are over, like closed ones. */
export const tabOfState: Record<IpoState, IpoTab> = { open: 'open', upcoming: 'upcoming', closed: 'closed', allotted: 'closed', withdrawn: 'closed', listed: 'listed' };

export const issueTone: Record<IpoState, BadgeTone> = { upcoming: 'neutral', open: 'good', closed: 'waiting', allotted: 'neutral', listed: 'neutral', withdrawn: 'bad' };
export const applicationTone: Record<IpoApplicationState, BadgeTone> = {
  pending: 'waiting',
  withdrawn: 'neutral',
  won: 'good',
  not_won: 'neutral',
  payable: 'waiting',
  paid: 'good',
  waived: 'bad',
};

/** price × shares, in paise; null when the price is malformed (shown as "—" rather than a wrong sum). */
export function amountForShares(price: string, shares: number): Paise | null {
  const pricePaise = parseRupees(price);
  return pricePaise === null ? null : ((pricePaise * BigInt(shares)) as Paise);
}

export function useIpoLabels() {
  const { t } = useLingui();
  const funding = useFundingLabels();
  const { locale } = funding;
  const issueState: Record<IpoState, string> = {
    upcoming: t`Upcoming`,
    open: t({ message: 'Open', context: 'IPO state' }),
    closed: t({ message: 'Closed', context: 'IPO state' }),
    allotted: t`Allotted`,
    listed: t`Listed`,
    withdrawn: t({ message: 'Withdrawn', context: 'IPO state' }),
  };
  const applicationState: Record<IpoApplicationState, string> = {
    pending: t`To be drawn`,
    withdrawn: t({ message: 'Withdrawn', context: 'IPO application' }),
    won: t`Won`,
    not_won: t`Not won`,
    payable: t`Awaiting payment`,
    paid: t({ message: 'Paid', context: 'IPO application' }),
    waived: t`Waived`,
  };
  const money = (amount: string | bigint | null): string => formatMoney(amount, 'INR');
  /** "₹95.00–₹100.00" for a book-built issue, the one price otherwise. */
  const price = (issue: Pick<IpoIssue, 'price' | 'price_low'>): string => (issue.price_low === null ? money(issue.price) : `${money(issue.price_low)}–${money(issue.price)}`);
  /** "12.34×": lots applied for ÷ retail lots. */
  const subscription = (times: string): string => `${times}×`;
  const when = (iso: string | null): string => (iso === null ? '' : formatIstDateTime(iso, locale));
  /** A whole number of shares, grouped in the Indian way (1,00,000). */
  const shares = (count: number | string): string => {
    const digits = String(count);
    return /^\d+$/.test(digits) ? new Intl.NumberFormat('en-IN').format(BigInt(digits)) : digits;
  };
  return { ...funding, issueState, applicationState, money, price, subscription, when, shares };
}
