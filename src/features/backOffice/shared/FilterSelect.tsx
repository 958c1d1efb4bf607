import * as styles from './backOffice.css.ts';

type FilterSelectProps<Value extends string> = {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
};

/** A labelled <select> for a list's filter. */
export function FilterSelect<Value extends string>({ label, value, options, onChange }: FilterSelectProps<Value>) {
  return (
    <label className={styles.field}>
      {label}
      <select className={styles.control} value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
