import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { FundDetail, FundOrder, FundSummary } from '../../../contract/funds.ts';
import * as styles from '../funding/funding.css.ts';
import { type Fact, FactList } from '../primaryMarket/FactList.tsx';
import { directionOfAmount, useOrderLabels } from '../trading/orderLabels.ts';
import * as fundStyles from './funds.css.ts';
import { useFundLabels } from './fundText.ts';

// The fund page's record of what the fund is and did: its key figures (assets, units, response
// rate, strategy order count, drawdown, fees), its published strategy with each parameter
// explained, what it holds now, and the orders its strategy placed.

export function KeyFigures({ detail }: { detail: FundDetail }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const { fund } = detail;
  const facts: Fact[] = [
    [t`Net assets`, labels.money(fund.net_assets), 'fund-net-assets'],
    [t`Units outstanding`, labels.units(fund.units_outstanding), 'fund-units-outstanding'],
    [t`Cash`, labels.money(detail.cash), 'fund-cash'],
    [t`Response rate`, labels.responseRate(detail.response_rate), 'fund-response-rate'],
    [t`Strategy orders`, labels.count(detail.strategy_order_count), 'fund-order-count'],
    [t`Orders filled`, labels.count(detail.orders_filled), 'fund-orders-filled'],
    [t`Maximum drawdown`, labels.share(detail.max_drawdown_bps), 'fund-max-drawdown'],
    [t`Management fees paid`, labels.money(detail.fees.management), 'fund-fees-management'],
    [t`Fee accrued today`, labels.money(detail.fees.management_accrued), 'fund-fees-accrued'],
    [t`Trading fees and taxes`, labels.money(detail.fees.trading), 'fund-fees-trading'],
  ];
  return (
    <section className={styles.card} aria-label={t`Key figures`}>
      <h2 className={styles.cardTitle}>
        <Trans>Key figures</Trans>
      </h2>
      <FactList facts={facts} />
      <p className={styles.muted}>
        <Trans>
          The response rate is the strategy's orders filled ÷ orders placed. Maximum drawdown is the deepest fall of the NAV from a previous high. The management fee accrues every
          day into the NAV and is paid to the firm; trading fees and taxes are what the strategy's orders paid, like any user's.
        </Trans>
      </p>
    </section>
  );
}

/** The terms of the fund: size, minimum, window, term and fee. */
export function FundTerms({ fund }: { fund: FundSummary }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const facts: Fact[] = [
    [t`Minimum investment`, labels.money(fund.minimum_investment), 'fund-minimum'],
    [t`Remaining capacity`, labels.money(fund.remaining_capacity), 'fund-capacity'],
    [t`Fund size cap`, labels.money(fund.size_cap), 'fund-size-cap'],
    [t`Management fee`, labels.yearlyFee(fund.management_fee_bps), 'fund-fee'],
    [t`Subscriptions open`, labels.when(fund.subscribe_from)],
    [t`Subscriptions close`, labels.when(fund.subscribe_until)],
    [t`Fund ends`, labels.when(fund.ends_at), 'fund-ends-at'],
  ];
  return <FactList facts={facts} />;
}

export function StrategyCard({ fund }: { fund: FundSummary }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const parameters = Object.entries(fund.strategy.parameters);
  const strategyName = labels.strategyName[fund.strategy.key];
  return (
    <section className={styles.card} aria-label={t`Strategy`} data-testid="fund-strategy-card" data-strategy={fund.strategy.key}>
      <h2 className={styles.cardTitle}>
        <Trans>Strategy: {strategyName}</Trans>
      </h2>
      <p className={styles.muted}>{labels.strategyRule[fund.strategy.key]}</p>
      <ul className={fundStyles.list} aria-label={t`Published parameters`}>
        {parameters.map(([name, value]) => {
          const parameter = labels.parameter(name, value);
          return (
            <li key={name} className={fundStyles.parameter} data-parameter={name}>
              <span className={fundStyles.parameterName}>{parameter.label}</span>
              <span className={fundStyles.parameterValue} data-testid="fund-parameter-value">
                {parameter.value}
              </span>
              {parameter.meaning ? <p className={fundStyles.parameterMeaning}>{parameter.meaning}</p> : null}
            </li>
          );
        })}
      </ul>
      <p className={styles.muted}>
        <Trans>The strategy trades through the same order path as every user, on the same market stream; its rules and parameters do not change while the fund runs.</Trans>
      </p>
    </section>
  );
}

export function PositionsCard({ detail }: { detail: FundDetail }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  return (
    <section className={styles.card} aria-label={t`Holdings of the fund`}>
      <h2 className={styles.cardTitle}>
        <Trans>Holdings of the fund</Trans>
      </h2>
      {detail.positions.length === 0 ? (
        <p className={styles.muted}>
          <Trans>The fund holds only cash right now.</Trans>
        </p>
      ) : (
        <ul className={fundStyles.list}>
          {detail.positions.map((position) => {
            const quantity = labels.count(position.quantity);
            const average = labels.money(position.average_price);
            const last = labels.money(position.last_price);
            const value = labels.money(position.market_value);
            const weight = labels.share(position.weight_bps);
            return (
              <li key={position.code} className={fundStyles.item} data-testid="fund-position" data-code={position.code}>
                <div className={fundStyles.itemTop}>
                  <Link to="/market/stockDetail" search={{ code: position.code }} className={`${fundStyles.itemTitle} ${fundStyles.titleLink}`}>
                    <span>
                      {position.name} <span className={styles.muted}>{position.code}</span>
                    </span>
                  </Link>
                  <span className={styles.amount[directionOfAmount(position.unrealised_pnl)]}>{labels.signedMoney(position.unrealised_pnl)}</span>
                </div>
                <div className={fundStyles.itemMeta}>
                  <span>
                    <Trans>{quantity} shares</Trans>
                  </span>
                  <span>
                    <Trans>
                      average {average} · last {last}
                    </Trans>
                  </span>
                  <span>
                    <Trans>value {value}</Trans>
                  </span>
                  <span>
                    <Trans>weight {weight}</Trans>
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function OrdersCard({ detail }: { detail: FundDetail }) {
  const { t } = useLingui();
  const labels = useFundLabels();
  const shown = labels.count(detail.orders.length);
  const total = labels.count(detail.strategy_order_count);
  return (
    <section className={styles.card} aria-label={t`Orders the strategy placed`}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Orders the strategy placed</Trans>
        </h2>
        <span className={styles.muted} data-testid="fund-orders-shown">
          <Trans>
            latest {shown} of {total}
          </Trans>
        </span>
      </div>
      {detail.orders.length === 0 ? (
        <p className={styles.muted}>
          <Trans>The strategy has not placed an order yet.</Trans>
        </p>
      ) : (
        <ul className={fundStyles.list}>
          {detail.orders.map((order) => (
            <OrderItem key={order.order_no} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderItem({ order }: { order: FundOrder }) {
  const labels = useFundLabels();
  const words = useOrderLabels();
  const quantity = labels.count(order.quantity);
  const orderNo = order.order_no;
  const limitPrice = labels.money(order.limit_price);
  const fillPrice = labels.money(order.fill_price);
  const closePrice = labels.money(order.close_price);
  const pnl = labels.signedMoney(order.realised_pnl);
  const fees = labels.money(order.fees);
  const filledAt = labels.when(order.filled_at);
  const closedAt = labels.when(order.closed_at);
  return (
    <li className={fundStyles.item} data-testid="fund-order" data-order-no={order.order_no} data-status={order.status}>
      <div className={fundStyles.itemTop}>
        <span className={fundStyles.itemTitle}>
          {order.name} <span className={styles.muted}>{order.code}</span>
        </span>
        <span className={styles.badge[order.status === 'cancelled' ? 'neutral' : order.status === 'pending' ? 'waiting' : 'good']}>{words.status[order.status]}</span>
      </div>
      <div className={fundStyles.itemMeta}>
        <span>
          <Trans>Order {orderNo}</Trans>
        </span>
        <span>
          {words.side[order.side]} · {words.type[order.type]} · <Trans>{quantity} shares</Trans>
        </span>
        {order.limit_price ? (
          <span>
            <Trans>limit {limitPrice}</Trans>
          </span>
        ) : null}
        {order.fill_price ? (
          <span>
            <Trans>filled at {fillPrice}</Trans>
          </span>
        ) : null}
        {order.close_price ? (
          <span>
            <Trans>closed at {closePrice}</Trans>
          </span>
        ) : null}
        {order.realised_pnl ? (
          <span className={styles.amount[directionOfAmount(order.realised_pnl)]}>
            <Trans>P&L {pnl}</Trans>
          </span>
        ) : null}
        <span>
          <Trans>fees {fees}</Trans>
        </span>
        <span>{labels.when(order.created_at)}</span>
        {order.filled_at ? (
          <span>
            <Trans>filled {filledAt}</Trans>
          </span>
        ) : null}
        {order.closed_at ? (
          <span>
            <Trans>closed {closedAt}</Trans>
          </span>
        ) : null}
      </div>
    </li>
  );
}
