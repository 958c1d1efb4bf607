import * as styles from '../funding/funding.css.ts';

/** One line of facts: its translated label, its value, the value's data-testid if tests read it, and whether it is the one to stand out. */
export type Fact = [label: string, value: string, testId?: string, emphasis?: boolean];

/** Facts as a definition list of label and value (an IPO issue, an offer, a draw, a fund sheet's estimate, a rebate's figures). */
export function FactList({ facts, valueClassName }: { facts: Fact[]; valueClassName?: string }) {
  return (
    <dl className={styles.figures}>
      {facts.map(([label, value, testId, emphasis]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={styles.figureLabel}>{label}</dt>
          <dd className={[styles.figureValue, valueClassName, emphasis ? styles.figureEmphasis : undefined].filter(Boolean).join(' ')} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
