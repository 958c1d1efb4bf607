import { useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '../../../../contract/api.ts';
import type { IpoState } from '../../../../contract/ipo.ts';
import type { Tone } from '../shared/labels.ts';

// The back office's words for an IPO's states, and the IST wall-clock times staff type:
// the dates are IST moments whatever the desk's time zone.

export type AdminIpoRow = ResponseOf<'admin/ipo/detail'>;

export const ipoStateTone: Record<IpoState, Tone> = { upcoming: 'neutral', open: 'good', closed: 'warn', allotted: 'neutral', listed: 'neutral', withdrawn: 'bad' };

const istOffsetMs = (5 * 60 + 30) * 60_000;

/** An instant as the "YYYY-MM-DDTHH:mm" of IST that a datetime-local input shows. */
export function toIstInput(iso: string): string {
  const epochMs = Date.parse(iso);
  return Number.isNaN(epochMs) ? '' : new Date(epochMs + istOffsetMs).toISOString().slice(0, 16);
}

/** The IST wall-clock time typed in a datetime-local input, as an ISO instant with its offset. */
export function fromIstInput(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+05:30` : local;
}

export function useIpoStateNames(): Record<IpoState, string> {
  const { t } = useLingui();
  return {
    upcoming: t`Upcoming`,
    open: t({ message: 'Open', context: 'IPO state' }),
    closed: t({ message: 'Closed', context: 'IPO state' }),
    allotted: t`Allotted`,
    listed: t`Listed`,
    withdrawn: t({ message: 'Withdrawn', context: 'IPO state' }),
  };
}
