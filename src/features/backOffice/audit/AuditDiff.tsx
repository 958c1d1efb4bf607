import { useLingui } from '@lingui/react/macro';
import diff from 'microdiff';
import type { JsonValue } from '../../../../contract/paging.ts';
import * as styles from '../shared/backOffice.css.ts';

type Change = { path: string; before?: string; after?: string };

/** Lists of plain values (weekdays) read better whole than element by element. */
function withListsJoined(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.every((item) => item === null || typeof item !== 'object') ? value.map(String).join(', ') : value.map(withListsJoined);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withListsJoined(item as JsonValue)]));
  return value;
}

const isRecord = (value: JsonValue | null): value is { [key: string]: JsonValue } => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields that differ between an entry's before and after snapshots. A creation lists
 * every field of `after`; two plain values (a setting's amount) are one change.
 */
export function auditChanges(before: JsonValue | null, after: JsonValue | null, show: (value: unknown) => string): Change[] {
  const left = before === null ? null : withListsJoined(before);
  const right = after === null ? null : withListsJoined(after);
  if (isRecord(left) && isRecord(right)) {
    return diff(left, right).map((change) => ({
      path: change.path.join('.'),
      before: change.type === 'CREATE' ? undefined : show(change.oldValue),
      after: change.type === 'REMOVE' ? undefined : show(change.value),
    }));
  }
  if (left === null && isRecord(right)) return Object.entries(right).map(([path, value]) => ({ path, after: show(value) }));
  if (isRecord(left) && right === null) return Object.entries(left).map(([path, value]) => ({ path, before: show(value) }));
  if (JSON.stringify(left) === JSON.stringify(right)) return [];
  return [{ path: '', before: left === null ? undefined : show(left), after: right === null ? undefined : show(right) }];
}

/** Before → after, field by field: removed values struck through in red, new ones in green. */
export function AuditDiff({ before, after, fieldName }: { before: JsonValue | null; after: JsonValue | null; fieldName?: (path: string) => string }) {
  const { t } = useLingui();
  const show = (value: unknown) => (value === true ? t`on` : value === false ? t`off` : typeof value === 'string' ? value : JSON.stringify(value));
  const changes = auditChanges(before, after, show);
  if (changes.length === 0) return <span className={styles.muted}>{t`No change recorded`}</span>;
  return (
    <ul className={styles.diffList} data-testid="audit-diff">
      {changes.map((change) => (
        <li key={change.path}>
          {change.path ? <span className={styles.muted}>{fieldName ? fieldName(change.path) : change.path}: </span> : null}
          {change.before !== undefined ? <span className={styles.diffBefore}>{change.before}</span> : null}
          {change.before !== undefined && change.after !== undefined ? ' → ' : null}
          {change.after !== undefined ? <span className={styles.diffAfter}>{change.after}</span> : null}
        </li>
      ))}
    </ul>
  );
}
