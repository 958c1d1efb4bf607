import type { CourseLessonId } from '../../contract/course.ts';

// The exam's question bank: for each question its id, the lesson it tests, how many options it
// has and which one is right (0 for the first). Only the server knows the right options: an exam
// paper carries ids and option counts, the app writes the texts by id
// (src/features/course/questionTexts.ts, checked against this list by
// src/features/course/questionTexts.test.ts), and the right options are sent only with a result.
// A question is never renumbered or reused for another meaning: graded attempts keep their ids.

export interface BankQuestion {
  id: string;
  lesson: CourseLessonId;
  options: number;
  correct: number;
}

const question = (id: string, lesson: CourseLessonId, options: number, correct: number): BankQuestion => ({ id, lesson, options, correct });

export const questionBank: readonly BankQuestion[] = [
  question('fund_what_is', 'what_is_a_strategy_fund', 4, 1),
  question('fund_orders_visible', 'what_is_a_strategy_fund', 3, 2),
  question('fund_minimum', 'what_is_a_strategy_fund', 3, 0),
  question('fund_size_cap', 'what_is_a_strategy_fund', 4, 2),
  question('fund_end_time', 'what_is_a_strategy_fund', 4, 3),
  question('fund_redeem', 'what_is_a_strategy_fund', 3, 1),
  question('strategy_published_rules', 'how_our_strategies_trade', 4, 2),
  question('strategy_momentum', 'how_our_strategies_trade', 4, 0),
  question('strategy_mean_reversion', 'how_our_strategies_trade', 3, 1),
  question('strategy_equal_weight', 'how_our_strategies_trade', 4, 3),
  question('strategy_response_rate', 'how_our_strategies_trade', 4, 1),
  question('strategy_momentum_risk', 'how_our_strategies_trade', 3, 2),
  question('nav_formula', 'nav', 4, 1),
  question('nav_start', 'nav', 3, 2),
  question('nav_units_bought', 'nav', 4, 1),
  question('nav_value', 'nav', 4, 3),
  question('nav_next', 'nav', 4, 0),
  question('nav_daily_profit', 'nav', 3, 2),
  question('nav_why_next', 'nav', 3, 0),
  question('fees_management', 'fees', 4, 3),
  question('fees_basis_point', 'fees', 4, 2),
  question('fees_in_nav', 'fees', 3, 0),
  question('fees_example', 'fees', 4, 3),
  question('fees_trading_costs', 'fees', 3, 1),
  question('fees_losses', 'fees', 3, 0),
  question('risk_guarantee', 'risk_and_drawdown', 3, 2),
  question('risk_drawdown_definition', 'risk_and_drawdown', 4, 0),
  question('risk_drawdown_example', 'risk_and_drawdown', 4, 0),
  question('risk_recovery', 'risk_and_drawdown', 4, 3),
  question('risk_concentration', 'risk_and_drawdown', 3, 1),
  question('risk_suitable_money', 'risk_and_drawdown', 3, 2),
  question('past_predict', 'past_results', 3, 2),
  question('past_markets_change', 'past_results', 3, 1),
  question('past_short_history', 'past_results', 3, 2),
  question('past_guaranteed_profit', 'past_results', 3, 0),
  question('past_before_following', 'past_results', 3, 1),
];

const byId = new Map(questionBank.map((entry) => [entry.id, entry]));

export const bankQuestion = (id: string): BankQuestion | undefined => byId.get(id);
