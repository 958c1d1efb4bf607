import type { Database } from '../db/database.ts';
import { addNews, addNewsTranslation, type NewNewsItem, type NewsTranslationLanguage } from '../news/news.ts';

// Demo news: notices about how this market works, written for the demo in the app's three
// languages. Nothing here reports an event at a real company.

type DemoNewsItem = Omit<NewNewsItem, 'createdBy' | 'publishedAt' | 'translations'> & { translations: Record<NewsTranslationLanguage, { title: string; summary: string; body: string }> };

export const demoNews: readonly DemoNewsItem[] = [
  {
    title: 'Prices in this demo are simulated',
    summary: 'Every price you see is produced by the Ledgerline market simulator and is labelled "Simulated". Nothing here is a live exchange quote.',
    body: 'The simulator moves each stock with the market, its sector and its own noise, in whole 5-paise ticks and inside its daily price band. Indices are computed from their constituents. Daily history up to 30 Sep 2025 for NIFTY 50 stocks is real NSE data; later days are simulated. Use it to learn the app, not to make investment decisions.',
    source: 'Ledgerline',
    codes: ['NIFTY50'],
    translations: {
      tw: {
        title: '本示範中的價格皆為模擬',
        summary: '您看到的每個價格都由 Ledgerline 市場模擬器產生，並標示為「模擬行情」。這裡沒有任何交易所的即時報價。',
        body: '模擬器依大盤、所屬產業與個股自身的波動來變動每檔股票，以 5 派沙為一個跳動單位，並維持在每日漲跌幅範圍內。指數由成分股計算而得。NIFTY 50 成分股截至 2025 年 9 月 30 日的日線歷史為 NSE 真實資料，之後的交易日為模擬。請用它來熟悉本應用程式，而非作為投資決策的依據。',
      },
      ko: {
        title: '이 데모의 가격은 모의 가격입니다',
        summary: '표시되는 모든 가격은 Ledgerline 시장 시뮬레이터가 만든 것이며 "모의"로 표시됩니다. 거래소의 실시간 시세는 없습니다.',
        body: '시뮬레이터는 각 종목을 시장 전체, 해당 업종, 종목 자체의 변동에 따라 5파이사 호가 단위로, 일일 가격 제한폭 안에서 움직입니다. 지수는 구성 종목으로 계산합니다. NIFTY 50 종목의 2025년 9월 30일까지의 일봉은 실제 NSE 데이터이며, 그 이후는 모의 데이터입니다. 투자 판단이 아니라 앱을 익히는 데 사용하세요.',
      },
    },
  },
  {
    title: 'NSE trading hours explained',
    summary: 'Pre-open runs 09:00–09:15 IST, the normal session 09:15–15:30, and the closing session 15:40–16:00, Monday to Friday except exchange holidays.',
    body: 'During pre-open, orders are collected and the opening price is discovered in a call auction at 09:08. Continuous trading runs from 09:15 to 15:30. The closing price is the volume-weighted average of the last 30 minutes. The demo market trades around the clock unless the IST calendar is switched on.',
    source: 'Ledgerline',
    codes: [],
    translations: {
      tw: {
        title: 'NSE 交易時間說明',
        summary: '盤前時段為印度標準時間 09:00–09:15，一般交易時段為 09:15–15:30，收盤時段為 15:40–16:00，週一至週五交易，交易所休市日除外。',
        body: '盤前時段會收集委託，並於 09:08 以集合競價決定開盤價。連續交易從 09:15 進行到 15:30。收盤價為最後 30 分鐘的成交量加權平均價。除非開啟印度標準時間行事曆，示範市場全天候交易。',
      },
      ko: {
        title: 'NSE 거래 시간 안내',
        summary: '장전 시간은 인도 표준시 09:00–09:15, 정규장은 09:15–15:30, 장 마감 세션은 15:40–16:00이며, 거래소 휴장일을 제외한 월요일부터 금요일까지 열립니다.',
        body: '장전 시간에는 주문을 모아 09:08에 단일가 매매로 시가를 결정합니다. 접속 매매는 09:15부터 15:30까지 이어집니다. 종가는 마지막 30분 동안의 거래량 가중 평균 가격입니다. 데모 시장은 인도 표준시 거래 일정을 켜지 않는 한 24시간 거래됩니다.',
      },
    },
  },
  {
    title: 'What price bands (circuit limits) do',
    summary: 'A stock cannot trade more than its band away from the previous close on a day: 2, 5, 10 or 20 % depending on the stock.',
    body: 'Price bands stop runaway moves. Stocks in the derivatives segment have wider dynamic bands. When a stock reaches its band, the app shows it at the upper or lower circuit in market breadth.',
    source: 'Ledgerline',
    codes: [],
    translations: {
      tw: {
        title: '漲跌幅限制（熔斷價格區間）的作用',
        summary: '股票單日的成交價不得偏離前一日收盤價超過其漲跌幅限制：依個股不同為 2%、5%、10% 或 20%。',
        body: '漲跌幅限制可防止價格失控。衍生性商品市場中的股票適用較寬的動態價格區間。當股票觸及漲跌幅限制時，應用程式會在市場漲跌家數中將其列為漲停或跌停。',
      },
      ko: {
        title: '가격 제한폭(서킷 리밋)의 역할',
        summary: '종목은 하루 동안 전일 종가에서 가격 제한폭 이상 벗어나 거래될 수 없습니다. 종목에 따라 2, 5, 10 또는 20%입니다.',
        body: '가격 제한폭은 급격한 가격 폭주를 막습니다. 파생상품 시장에 속한 종목은 더 넓은 동적 제한폭이 적용됩니다. 종목이 제한폭에 도달하면 앱은 시장 등락 현황에서 상한가 또는 하한가로 표시합니다.',
      },
    },
  },
  {
    title: 'Reading the VIP analytics page',
    summary: 'The sector heatmap, minute-by-minute top movers and volume spikes are computed on your phone from the live stream.',
    body: 'Tiles are sized by turnover and coloured by average change. Top movers rank stocks by their change over the last minute. A volume spike means the last minute traded several times the average minute so far today.',
    source: 'Ledgerline',
    codes: [],
    translations: {
      tw: {
        title: '如何閱讀 VIP 分析頁面',
        summary: '產業熱力圖、每分鐘漲跌幅排行與爆量提示，都是由您的手機根據即時行情串流計算而得。',
        body: '色塊大小代表成交金額，顏色代表平均漲跌幅。漲跌幅排行依最近一分鐘的價格變動排列股票。爆量表示最近一分鐘的成交量是今日至今每分鐘平均的數倍。',
      },
      ko: {
        title: 'VIP 분석 페이지 보는 법',
        summary: '업종 히트맵, 분 단위 급등락 종목, 거래량 급증은 실시간 시세 스트림을 바탕으로 휴대폰에서 계산됩니다.',
        body: '타일 크기는 거래대금, 색은 평균 등락률을 나타냅니다. 급등락 종목은 최근 1분 동안의 변동으로 순위를 매깁니다. 거래량 급증은 최근 1분 거래량이 오늘 지금까지의 1분 평균보다 몇 배 많았다는 뜻입니다.',
      },
    },
  },
  {
    title: 'Adjusted and unadjusted charts',
    summary: "Splits, bonus issues and dividends change a share's price without changing its value. Choose how the chart shows them.",
    body: "Forward-adjusted charts express past prices on today's share basis, so a 1:1 bonus does not look like a 50 % fall. Backward-adjusted charts keep the oldest basis. Unadjusted charts show prices as they traded at the time.",
    source: 'Ledgerline',
    codes: [],
    translations: {
      tw: {
        title: '還原權值與未還原的走勢圖',
        summary: '股票分割、無償配股與股利會改變股價，但不會改變股票的價值。您可以選擇走勢圖如何呈現這些變化。',
        body: '向前還原的走勢圖以今日的股本基準表示過去的價格，因此 1:1 無償配股不會看起來像下跌 50%。向後還原的走勢圖保留最早的基準。未還原的走勢圖則顯示當時實際的成交價格。',
      },
      ko: {
        title: '수정 주가 차트와 비수정 주가 차트',
        summary: '액면분할, 무상증자, 배당은 주식의 가치는 그대로 둔 채 주가를 바꿉니다. 차트에서 이를 어떻게 보여 줄지 선택하세요.',
        body: '수정 주가(전방) 차트는 과거 가격을 현재 주식 기준으로 나타내므로 1:1 무상증자가 50% 하락처럼 보이지 않습니다. 후방 수정 차트는 가장 오래된 기준을 유지합니다. 비수정 차트는 당시 거래된 그대로의 가격을 보여 줍니다.',
      },
    },
  },
];

export const demoNewsAuthor = 'demo-seed';

/**
 * Puts the demo news in place with its translations, on every start of a demo server: an item
 * already seeded (found by its English title) only gains the translations it lacks, so a demo
 * database seeded before news had translations reads them too.
 */
export async function seedDemoNews(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const item of demoNews) {
      const [seeded] = await tx.query<{ id: bigint }>('SELECT id FROM news_items WHERE created_by = $1 AND title = $2 ORDER BY id LIMIT 1', [demoNewsAuthor, item.title]);
      if (!seeded) {
        await addNews(tx, { ...item, createdBy: demoNewsAuthor });
        continue;
      }
      for (const [lang, text] of Object.entries(item.translations) as [NewsTranslationLanguage, DemoNewsItem['translations']['tw']][]) {
        await addNewsTranslation(tx, seeded.id.toString(), lang, text, demoNewsAuthor);
      }
    }
  });
}
