import { useLingui } from '@lingui/react/macro';
import type { JsonValue } from '../../../../contract/paging.ts';
import type { TimeWindow } from '../../../../contract/settings.ts';
import { intlLocaleOf } from '../../../i18n/locale.ts';
import { useStaffFormat } from '../shared/format.ts';
import { isKnownSetting, settingInputs } from './settingShapes.ts';

/** 2024-01-01 was a Monday: ISO weekday n is that date plus n − 1 days. */
export function weekdayName(isoDay: number, intlLocale: string, width: 'long' | 'short'): string {
  return new Intl.DateTimeFormat(intlLocale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoDay));
}

/** A setting's value as a sentence fragment: "₹5,000.00", "Mon, Tue 09:30–15:30", "2–48 hours". */
export function useSettingValueText() {
  const { t } = useLingui();
  const format = useStaffFormat();
  const intlLocale = intlLocaleOf(format.locale);
  return (name: string, value: JsonValue): string => {
    if (!isKnownSetting(name)) return JSON.stringify(value);
    const input = settingInputs[name];
    if (input.kind === 'rupees' && typeof value === 'string') return format.money(value);
    if (input.kind === 'window' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const window = value as TimeWindow;
      const days = [...window.days].sort((left, right) => left - right).map((day) => weekdayName(day, intlLocale, 'short')).join(', ');
      return `${days} ${window.from}–${window.to}`;
    }
    if (input.kind === 'hours' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const { from, to } = value as { from: number; to: number };
      return t`${from}–${to} hours`;
    }
    if (input.kind === 'switch' && typeof value === 'boolean') return value ? t`On` : t`Off`;
    if (input.kind === 'integer' && typeof value === 'number') {
      if (input.unit === 'minutes') return t`${value} minutes`;
      if (input.unit === 'bytes') return t`${value} bytes`;
      if (input.unit === 'basisPoints') return t`${value} bp`;
      if (input.unit === 'tradingDays') return t`T+${value}`;
      if (input.unit === 'days') return t`${value} days`;
      if (input.unit === 'percent') return t`${value} %`;
      return String(value);
    }
    return JSON.stringify(value);
  };
}
