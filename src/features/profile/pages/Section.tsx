import type { ReactNode } from 'react';
import * as styles from '../profile.css.ts';

/** A titled section of a long-form page (agreement, privacy policy). */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section style={{ display: 'contents' }}>
      <h2 className={styles.articleHeading}>{title}</h2>
      {children}
    </section>
  );
}
