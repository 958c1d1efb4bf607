import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import * as styles from './backOffice.css.ts';

// The back-office editors (IPO, placement, block, VIP allocation) check their form with the
// contract's own schema as it is typed and show each field's first problem under its box.

type CheckResult = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The contract's own check of a request: its first problem per field, in the reader's language. */
export function useFieldProblems(result: CheckResult): ReadonlyMap<string, string> {
  const { i18n } = useLingui();
  const problems = new Map<string, string>();
  for (const problem of result.error?.issues ?? []) {
    const field = String(problem.path[0] ?? '');
    if (!problems.has(field)) problems.set(field, translateServerMessage(problem.message, i18n));
  }
  return problems;
}

type FormFieldGridProps<F extends string> = {
  /** The fields in the order shown, with their translated labels: they alone name the fields (F). */
  labels: Record<F, string>;
  values: NoInfer<Record<F, string>>;
  problems: ReadonlyMap<string, string>;
  onChange: (field: NoInfer<F>, value: string) => void;
  /** Input types other than text (dates, times). */
  inputTypes?: NoInfer<Partial<Record<F, string>>>;
  /** Whether a field's problem shows yet: by default once the field holds text, so an empty new form is not all red. */
  showsProblem?: (field: NoInfer<F>) => boolean;
  onBlur?: (field: NoInfer<F>) => void;
  /** Controls that are not text boxes, shown before the fields (a kind select). */
  leading?: ReactNode;
};

/** A grid of labelled text boxes, each with its problem under it. */
export function FormFieldGrid<F extends string>({ labels, values, problems, onChange, inputTypes, showsProblem, onBlur, leading }: FormFieldGridProps<F>) {
  const shows = showsProblem ?? ((field: F) => values[field] !== '');
  return (
    <div className={styles.formGrid}>
      {leading}
      {(Object.keys(labels) as F[]).map((field) => (
        <div key={field} className={styles.field}>
          <label className={styles.field}>
            {labels[field]}
            <input
              className={styles.control}
              type={inputTypes?.[field] ?? 'text'}
              name={field}
              value={values[field]}
              onChange={(event) => onChange(field, event.target.value)}
              onBlur={onBlur ? () => onBlur(field) : undefined}
            />
          </label>
          {shows(field) && problems.has(field) ? <span className={styles.errorText}>{problems.get(field)}</span> : null}
        </div>
      ))}
    </div>
  );
}
