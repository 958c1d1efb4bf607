import { useLingui } from '@lingui/react/macro';
import type { CreditFactorView, CreditLevel, CreditFactorName, LoanEvent, LoanKind, LoanStatus } from '../../../contract/lending.ts';
import { type BadgeTone, useFundingLabels } from '../funding/fundingLabels.ts';
import { percentText } from './pledge/pledgeLabels.ts';

// Words of the lending screens: credit levels and the factors of the score with the fact
// behind each, loan kinds and states, the lines of a loan's record, rates in percent.

export const levelTone: Record<CreditLevel, BadgeTone> = { excellent: 'good', ok: 'good', fair: 'neutral', average: 'waiting', poor: 'bad' };
export const loanTone: Record<LoanStatus, BadgeTone> = { open: 'waiting', repaid: 'good' };

export function useLendingLabels() {
  const { t } = useLingui();
  const funding = useFundingLabels();
  const level: Record<CreditLevel, string> = { excellent: t`Excellent`, ok: t`OK`, fair: t`Fair`, average: t`Average`, poor: t`Poor` };
  const factorName: Record<CreditFactorName, string> = {
    kyc_verified: t`Verified identity (KYC)`,
    account_age: t`Account age`,
    trading_months: t`Months with trades`,
    repayment_history: t`Loans repaid`,
    no_missed_payment: t`No missed payment`,
    utilisation: t`Debt against your assets`,
  };
  /** The fact behind a factor, in words: what the user can check and change. */
  const fact = ({ name, value }: CreditFactorView): string => {
    switch (name) {
      case 'kyc_verified':
        return value === 1 ? t`Verified` : t`Not verified yet`;
      case 'account_age':
        return t`Days since you joined: ${value}`;
      case 'trading_months':
        return t`Months with a filled order: ${value}`;
      case 'repayment_history':
        return t`Loans repaid in full: ${value}`;
      case 'no_missed_payment':
        return value === 0 ? t`None missed` : t`Loans open past the term: ${value}`;
      case 'utilisation': {
        const percent = percentText(value);
        return t`${percent} of your assets`;
      }
    }
  };
  const loanKind: Record<LoanKind, string> = { credit: t`Credit loan`, margin: t`Margin loan` };
  const loanStatus: Record<LoanStatus, string> = { open: t`Borrowing`, repaid: t`Repaid` };
  const eventKind: Record<LoanEvent['kind'], string> = { borrow: t`Borrowed`, interest: t`Interest`, repayment: t`Repayment` };
  const yearlyRate = (bps: number): string => {
    const percent = percentText(bps);
    return t`${percent} a year, charged daily`;
  };
  return { ...funding, level, factorName, fact, loanKind, loanStatus, eventKind, yearlyRate };
}
