import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The exam's questions and their options, by the ids of the server's question bank
// (server/course/questionBank.ts). The server sends ids and option counts and, only after
// grading, which option was right; the option order here is the order the server counts in.
// questionTexts.test.ts checks that both lists hold the same questions with the same number of
// options. Each question asks only what a lesson (lessonTexts.ts) says.

export interface QuestionText {
  question: MessageDescriptor;
  options: MessageDescriptor[];
}

export const questionTexts: Record<string, QuestionText> = {
  // what a strategy fund is
  fund_what_is: {
    question: msg`What is a strategy fund?`,
    options: [msg`A savings deposit with a fixed interest rate`, msg`A pool of money invested by a published, rule-based strategy`, msg`A loan you give to the firm`, msg`A single share of a listed company`],
  },
  fund_orders_visible: {
    question: msg`How do a strategy fund's orders reach the market?`,
    options: [msg`They are settled privately with the firm at agreed prices`, msg`They are copied from another broker's clients`, msg`Through the same order path as users' orders, and each one is listed on the fund's page`],
  },
  fund_minimum: {
    question: msg`A fund's minimum investment is ₹5,000. What happens to a subscription of ₹3,000?`,
    options: [msg`It is refused: it is below the minimum`, msg`It is accepted and topped up later`, msg`It buys units at a discount`],
  },
  fund_size_cap: {
    question: msg`What is a fund's size cap?`,
    options: [msg`The most a single user may lose`, msg`The highest NAV the fund may reach`, msg`The most money the fund takes: once its net assets plus waiting subscriptions reach it, no more subscriptions are accepted`, msg`The number of stocks it may hold`],
  },
  fund_end_time: {
    question: msg`What happens when a fund reaches its end time?`,
    options: [msg`It continues for another term automatically`, msg`Every holder gets back exactly what they put in`, msg`Its units turn into shares in your account`, msg`It sells all its positions and pays every holder their share`],
  },
  fund_redeem: {
    question: msg`Can you take your money out of a fund before its end time?`,
    options: [msg`No, never before the end time`, msg`Yes: you can redeem some or all of your units, paid at the next NAV`, msg`Yes, at the NAV of the day you subscribed`],
  },
  // how our strategies trade
  strategy_published_rules: {
    question: msg`What decides what a strategy fund buys and sells?`,
    options: [msg`A manager's judgement each day`, msg`Tips from other users`, msg`Published rules with published parameters, the same every time`, msg`A random choice`],
  },
  strategy_momentum: {
    question: msg`What does the NIFTY 50 momentum strategy hold?`,
    options: [msg`The NIFTY 50 members that rose most over its look-back period, in equal weights`, msg`The NIFTY 50 members that fell the most`, msg`Every NIFTY 50 member, weighted by its price`, msg`Government bonds`],
  },
  strategy_mean_reversion: {
    question: msg`When does the large-cap mean-reversion strategy buy a stock?`,
    options: [msg`When the stock reaches a new high`, msg`When it has fallen well below its recent average price`, msg`At the open of every trading day`],
  },
  strategy_equal_weight: {
    question: msg`What does the top-10 equal-weight strategy do?`,
    options: [msg`It buys the ten smallest companies of the index`, msg`It holds ten stocks that staff choose each week`, msg`It puts all the money into the largest company`, msg`It holds the ten largest NIFTY 50 members with the same weight each and rebalances when they drift`],
  },
  strategy_response_rate: {
    question: msg`What is a fund's response rate?`,
    options: [msg`Its return since it started`, msg`The orders filled divided by the orders placed`, msg`How quickly staff answer messages`, msg`The share of holders who redeemed`],
  },
  strategy_momentum_risk: {
    question: msg`When does a momentum strategy usually do badly?`,
    options: [msg`When trends continue steadily`, msg`Never: momentum always pays`, msg`When trends reverse sharply`],
  },
  // NAV
  nav_formula: {
    question: msg`How is a fund's NAV per unit computed?`,
    options: [msg`Total subscriptions divided by the number of holders`, msg`(Cash + market value of positions − accrued fees) ÷ units outstanding`, msg`The price of the largest stock it holds`, msg`The fund's last trade price on the exchange`],
  },
  nav_start: {
    question: msg`At what NAV does every fund start?`,
    options: [msg`₹100.0000 a unit`, msg`₹1.0000 a unit`, msg`₹10.0000 a unit`],
  },
  nav_units_bought: {
    question: msg`You subscribe ₹5,000 and it converts at a NAV of ₹10.0000. How many units do you get?`,
    options: [msg`50 units`, msg`500 units`, msg`5,000 units`, msg`5 units`],
  },
  nav_value: {
    question: msg`You hold 500 units and the NAV is ₹11.0000. What are they worth?`,
    options: [msg`₹5,000`, msg`₹550`, msg`₹11,000`, msg`₹5,500`],
  },
  nav_next: {
    question: msg`At which NAV is a subscription converted into units?`,
    options: [msg`The next NAV published after your request`, msg`The NAV on your screen when you tap Subscribe`, msg`The lowest NAV of the week`, msg`The fund's first NAV`],
  },
  nav_daily_profit: {
    question: msg`What is the daily profit shown for a fund?`,
    options: [msg`An estimate made by staff`, msg`A promised return`, msg`The real change of its NAV`],
  },
  nav_why_next: {
    question: msg`Why are subscriptions converted at the next NAV and not at one already known?`,
    options: [msg`So that nobody can trade at a known price at the expense of the other holders`, msg`To charge an extra fee`, msg`Because the NAV is published only once a year`],
  },
  // fees
  fees_management: {
    question: msg`How is a fund's management fee stated?`,
    options: [msg`As a fixed amount in rupees on every order`, msg`As a share of your profit only`, msg`It is charged only when you redeem`, msg`In basis points a year of net assets, accrued daily`],
  },
  fees_basis_point: {
    question: msg`How much are 100 basis points?`,
    options: [msg`10 %`, msg`0.1 %`, msg`1 %`, msg`100 %`],
  },
  fees_in_nav: {
    question: msg`How do you pay the management fee?`,
    options: [msg`It lowers the NAV, and so the value of your units`, msg`You transfer it separately each month`, msg`It is taken from your winnings only`],
  },
  fees_example: {
    question: msg`A fund charges 150 basis points a year. What does that cost over a year on ₹10,00,000 of net assets?`,
    options: [msg`₹1,500`, msg`₹150`, msg`₹1,50,000`, msg`₹15,000`],
  },
  fees_trading_costs: {
    question: msg`Besides the management fee, what costs does a fund pay?`,
    options: [msg`None`, msg`Trading costs on its own orders: service fee, stamp duty and transaction tax`, msg`A fee to each of the other holders`],
  },
  fees_losses: {
    question: msg`Is the management fee charged when a fund loses money?`,
    options: [msg`Yes: fees accrue whether the fund gains or loses`, msg`No, only in months with a gain`, msg`Only when the fund loses more than 10 %`],
  },
  // risk and drawdown
  risk_guarantee: {
    question: msg`Is the money you put into a strategy fund guaranteed?`,
    options: [msg`Yes, the firm guarantees it`, msg`Yes, up to ₹5,00,000`, msg`No: its value can fall and you can get back less than you put in`],
  },
  risk_drawdown_definition: {
    question: msg`What is a drawdown?`,
    options: [msg`A fall of the NAV from a peak`, msg`A withdrawal from your account`, msg`The fee charged on a redemption`, msg`The daily limit on subscriptions`],
  },
  risk_drawdown_example: {
    question: msg`A fund's NAV rose to ₹12.00 and then fell to ₹9.00. What is its drawdown from that peak?`,
    options: [msg`25 %`, msg`33 %`, msg`3 %`, msg`12 %`],
  },
  risk_recovery: {
    question: msg`After a fall of 50 %, what gain does a fund need to get back to where it was?`,
    options: [msg`25 %`, msg`50 %`, msg`200 %`, msg`100 %`],
  },
  risk_concentration: {
    question: msg`All else equal, why is a fund holding about five stocks riskier than one holding ten?`,
    options: [msg`It pays more fees`, msg`It is more concentrated: one company's news moves its NAV more`, msg`It trades less often`],
  },
  risk_suitable_money: {
    question: msg`Which money is suitable for a strategy fund?`,
    options: [msg`Money you may need next week`, msg`Borrowed money`, msg`Money you will not need before the fund's end time and could afford to lose part of`],
  },
  // past results
  past_predict: {
    question: msg`A fund gained 20 % over the last three months. What does that tell you about the next three?`,
    options: [msg`It will gain 20 % again`, msg`It will gain at least something`, msg`Nothing certain: past results do not predict future ones`],
  },
  past_markets_change: {
    question: msg`Why can the same rules give different results over time?`,
    options: [msg`Because staff adjust the results`, msg`Because markets change, and the rules meet different conditions`, msg`They cannot: the same rules always give the same return`],
  },
  past_short_history: {
    question: msg`What do a few good weeks of a new fund show?`,
    options: [msg`That it will beat the market next month`, msg`That its strategy is proven`, msg`Little: they can come from luck as easily as from skill`],
  },
  past_guaranteed_profit: {
    question: msg`Someone offers you a fixed daily profit from copy trading. What should you think?`,
    options: [msg`It is a warning sign: nobody can promise returns from trading`, msg`It is safe if the amount is small`, msg`It is normal for strategy funds`],
  },
  past_before_following: {
    question: msg`What should you check before you follow a fund?`,
    options: [msg`Only its return last week`, msg`Its rules, fees, term and drawdown, and how much you could lose without harm`, msg`How many other users follow it`],
  },
};
