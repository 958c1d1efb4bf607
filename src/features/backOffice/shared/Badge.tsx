import type { ReactNode } from 'react';
import * as styles from './backOffice.css.ts';
import type { Tone } from './labels.ts';

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={styles.badge[tone]}>{children}</span>;
}
