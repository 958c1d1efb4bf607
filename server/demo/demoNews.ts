// Demo news: notices about how this market works, written for the demo. Nothing here
// reports an event at a real company.

export const demoNews = [
  {
    title: 'Prices in this demo are simulated',
    summary: 'Every price you see is produced by the Ledgerline market simulator and is labelled "Simulated". Nothing here is a live exchange quote.',
    body: 'The simulator moves each stock with the market, its sector and its own noise, in whole 5-paise ticks and inside its daily price band. Indices are computed from their constituents. Daily history up to 30 Sep 2025 for NIFTY 50 stocks is real NSE data; later days are simulated. Use it to learn the app, not to make investment decisions.',
    source: 'Ledgerline',
    codes: ['NIFTY50'],
  },
  {
    title: 'NSE trading hours explained',
    summary: 'Pre-open runs 09:00–09:15 IST, the normal session 09:15–15:30, and the closing session 15:40–16:00, Monday to Friday except exchange holidays.',
    body: 'During pre-open, orders are collected and the opening price is discovered in a call auction at 09:08. Continuous trading runs from 09:15 to 15:30. The closing price is the volume-weighted average of the last 30 minutes. The demo market trades around the clock unless the IST calendar is switched on.',
    source: 'Ledgerline',
    codes: [],
  },
  {
    title: 'What price bands (circuit limits) do',
    summary: 'A stock cannot trade more than its band away from the previous close on a day: 2, 5, 10 or 20 % depending on the stock.',
    body: 'Price bands stop runaway moves. Stocks in the derivatives segment have wider dynamic bands. When a stock reaches its band, the app shows it at the upper or lower circuit in market breadth.',
    source: 'Ledgerline',
    codes: [],
  },
  {
    title: 'Reading the VIP analytics page',
    summary: 'The sector heatmap, minute-by-minute top movers and volume spikes are computed on your phone from the live stream.',
    body: 'Tiles are sized by turnover and coloured by average change. Top movers rank stocks by their change over the last minute. A volume spike means the last minute traded several times the average minute so far today.',
    source: 'Ledgerline',
    codes: [],
  },
  {
    title: 'Adjusted and unadjusted charts',
    summary: 'Splits, bonus issues and dividends change a share\'s price without changing its value. Choose how the chart shows them.',
    body: 'Forward-adjusted charts express past prices on today\'s share basis, so a 1:1 bonus does not look like a 50 % fall. Backward-adjusted charts keep the oldest basis. Unadjusted charts show prices as they traded at the time.',
    source: 'Ledgerline',
    codes: [],
  },
] as const;
