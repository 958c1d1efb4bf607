import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CourseLessonId } from '../../../contract/course.ts';

// The lessons of the courseware, by the ids the server sends (contract/course.ts). The server
// knows only ids and order; the words are here, in the catalogs of every language. The figures
// follow what the funds really do (contract/funds.ts, contract/fundMath.ts): a fund starts at
// ₹10.0000 a unit, its NAV is (cash + market value − accrued fees) ÷ units, subscriptions and
// redemptions convert at the next NAV, the management fee accrues daily, and at its end time a
// fund sells everything and pays its holders out. The exam's questions
// (questionTexts.ts) ask only what these lessons say.

export interface LessonText {
  title: MessageDescriptor;
  /** One line for the list of lessons. */
  summary: MessageDescriptor;
  paragraphs: MessageDescriptor[];
}

export const lessonTexts: Record<CourseLessonId, LessonText> = {
  what_is_a_strategy_fund: {
    title: msg`What a strategy fund is`,
    summary: msg`A pool of money run by published rules, and what following one means.`,
    paragraphs: [
      msg`A strategy fund is a pool of money from many users, invested by a published, rule-based strategy. Instead of choosing stocks yourself, you buy units of the fund, and its strategy decides what to buy and sell.`,
      msg`Each fund has its own accounts in our ledger and its own trading account. Its strategy places orders through the same order path as every user, on the same market prices you see, and every order it places is listed on the fund's page with the strategy's order number. Nothing is invented: a fund shows only what it really did.`,
      msg`Following a fund means subscribing to it: you pay an amount in rupees, at least the fund's minimum investment, while its subscription window is open. Your money is held until the next NAV is published and is then converted into units at that NAV. A fund also has a size cap: once its net assets plus the subscriptions waiting to convert reach the cap, it takes no more money.`,
      msg`Every fund has a term. Before its end time you can redeem some or all of your units; a redemption is paid at the next NAV. At the end time the fund sells all its positions and pays every holder their share of what it owns.`,
      msg`Nobody promises a return. The value of your units follows the fund's investments, down as well as up.`,
    ],
  },
  how_our_strategies_trade: {
    title: msg`How our strategies trade`,
    summary: msg`The three published strategies, their rules and where each can go wrong.`,
    paragraphs: [
      msg`Every strategy here follows rules that are published, with their parameters, on each fund's page. No manager decides by feel: the same rules run every time, so you can check what a fund should do and compare it with what it did. The figures below are the default parameters; a fund's page shows the ones it runs with.`,
      msg`NIFTY 50 momentum: every 30 minutes it ranks the NIFTY 50 members by their return over the last 20 trading days and holds the 5 strongest that have risen, in equal weights, keeping 5 % of the fund in cash. Momentum does well while trends continue and badly when they reverse sharply.`,
      msg`Large-cap mean reversion: it buys a NIFTY 50 member that has fallen at least 3 % below its 20-day average, with a limit order just below the last price, and sells when the price is back at its average or after 10 days at most. It bets that sharp falls partly recover; when a fall keeps going, it loses.`,
      msg`Top-10 equal weight: it holds the ten largest NIFTY 50 members by market capitalisation, each with the same weight, and brings a weight back when it drifts too far from its target. It follows the largest companies rather than trying to beat them.`,
      msg`Rules are not guarantees. An order can stay unfilled: the fund's page shows its response rate, the orders filled divided by the orders placed, and every order with its status.`,
    ],
  },
  nav: {
    title: msg`NAV: what one unit is worth`,
    summary: msg`How the net asset value is computed and when you buy and sell at it.`,
    paragraphs: [
      msg`NAV means net asset value. A fund's NAV per unit is its cash plus the market value of its positions, minus the fees accrued and not yet paid, divided by the number of units held by everyone.`,
      msg`Every fund starts at ₹10.0000 a unit. If you subscribe ₹5,000 and it converts at a NAV of ₹10.0000, you get 500 units. If the NAV later stands at ₹11.0000, those 500 units are worth ₹5,500; at ₹9.0000 they are worth ₹4,500.`,
      msg`The NAV is computed from the fund's ledger and the live market prices. It is published every minute while the market is open and stored at the end of each day. The daily profit shown for a fund is the real change of its NAV, never an estimate or a promise.`,
      msg`Subscriptions and redemptions convert at the next NAV, the one published after your request, not at the NAV on your screen when you tap. Mutual funds work the same way: if anyone could buy or sell at a price that is already known, they could profit at the expense of the other holders.`,
      msg`Units and NAVs are shown with four decimals. Conversions always round down, against whoever the rounding would favour, so no holder is diluted by another holder's rounding.`,
    ],
  },
  fees: {
    title: msg`Fees`,
    summary: msg`The management fee, the fund's trading costs and how both reach your units.`,
    paragraphs: [
      msg`A strategy fund charges a management fee, stated in basis points a year of its net assets (100 basis points are 1 %). The fee accrues every day: each day the fund owes one day's share of the yearly rate, which is paid into the firm's fee account.`,
      msg`For example, a fee of 150 basis points a year on net assets of ₹10,00,000 comes to ₹15,000 over a year of 365 days, about ₹41 a day. The fee accrued during the day is already deducted from the NAV, so the NAV you see is after fees.`,
      msg`The fund also pays trading costs on its own orders at the published rates: the service fee, the stamp duty on purchases and the transaction tax on sales. A strategy that trades often pays more of them, and these costs are part of its results.`,
      msg`You do not pay any of this separately: it lowers the NAV, and so the value of your units. The fund's page shows the management fees charged so far, the fee accrued today and the trading costs, and your records show your holding's share of the fees.`,
      msg`Fees are charged whether the fund gains or loses. Compare funds by their results after fees, never before.`,
    ],
  },
  risk_and_drawdown: {
    title: msg`Risk and drawdown`,
    summary: msg`Why you can lose money, how deep a fall can be, and which money to invest.`,
    paragraphs: [
      msg`A strategy fund invests in shares, and share prices fall as well as rise. The value of your units can go down, and you can get back less than you put in. Money in a fund is not a bank deposit and nobody guarantees it.`,
      msg`A drawdown is a fall from a peak. If a fund's NAV rose to ₹12.00 and then fell to ₹9.00, its drawdown from that peak is 25 %. The maximum drawdown is the deepest such fall in the fund's history, and the fund's page shows it.`,
      msg`Losses need larger gains to recover. After a fall of 20 %, a fund must gain 25 % to get back to where it was; after a fall of 50 %, it must gain 100 %.`,
      msg`A fund that holds only a few stocks is concentrated: bad news from one company can move its NAV a lot. The momentum strategy holds about five stocks, so it is more concentrated than the ten-stock equal-weight fund.`,
      msg`Invest only money you will not need before the fund's end time and could afford to lose part of, and never borrowed money. Spreading your savings over different kinds of investment limits the damage any one of them can do.`,
    ],
  },
  past_results: {
    title: msg`Past results do not predict future ones`,
    summary: msg`What a fund's history can and cannot tell you before you follow it.`,
    paragraphs: [
      msg`Every fund's page shows its real history: the NAV chart, the returns over one and three months and since it started, its orders and its drawdown. This history is true, but it tells you what happened, not what will happen.`,
      msg`Markets change. A momentum strategy that did well in a steady rise can lose when trends turn; a mean-reversion strategy that profited from quick rebounds can lose in a long fall. The same rules meet different markets.`,
      msg`A short history says little. A few good weeks can come from luck as easily as from skill, and the best fund of the last month is often not the best of the next.`,
      msg`Nobody can promise you a daily profit. An offer of fixed or guaranteed returns from trading is a warning sign. Ledgerline shows only the real change of a fund's NAV, and it can be negative.`,
      msg`Before you follow a fund, read its rules, its fees, its term and its drawdown, and decide how much you could lose without harm. Then decide whether it fits you.`,
    ],
  },
};
