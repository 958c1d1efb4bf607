import * as styles from '../funding/funding.css.ts';

/** One line of an issue's or offer's facts: its translated label, its value and the value's data-testid, if tests read it. */
export type Fact = [label: string, value: string, testId?: string];

/** The facts of an IPO issue, a placement offer or a draw as a definition list of label and value. */
export function FactList({ facts, valueClassName }: { facts: Fact[]; valueClassName?: string }) {
  return (
    <dl className={styles.figures}>
      {facts.map(([label, value, testId]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={styles.figureLabel}>{label}</dt>
          <dd className={valueClassName ? `${styles.figureValue} ${valueClassName}` : styles.figureValue} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
