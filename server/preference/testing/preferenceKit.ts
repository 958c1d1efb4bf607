import { dayMs, istDay, istDayStart } from '../../../contract/calendarDays.ts';
import type { Candle } from '../../../contract/market.ts';
import { formatMinor } from '../../market/candles/kline.ts';
import type { KlineSource } from '../../market/routes.ts';

// A market's daily candles for preference tests: every code gets a deterministic series of
// 400 daily bars up to the day before `now()` (a gentle zigzag whose size depends on the code),
// the ones up to `realDaysAgo` days back counting as the "real" data, like the NSE files.

export function zigzagKline(now: () => number, realDaysAgo = 200): KlineSource & { realUntilDay: () => string } {
  const realUntilDay = () => istDay(istDayStart(now()) - realDaysAgo * dayMs);
  const candles = (code: string): Candle[] => {
    const swing = 1 + (code.charCodeAt(0) % 4); // 1–4 % a day, by the code
    const today = istDayStart(now());
    return Array.from({ length: 400 }, (_, index) => {
      const t = today - (400 - index) * dayMs;
      const close = 100_000 + (index % 2 === 0 ? 0 : swing * 1000) + index * 10;
      const text = formatMinor(close);
      return { t, o: text, h: text, l: text, c: text, v: 1000 };
    });
  };
  return { candles, realUntil: () => realUntilDay(), realUntilDay };
}
