import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { ReviewButtons } from '../shared/ReviewButtons.tsx';
import { StaffImage } from '../shared/StaffImage.tsx';
import type { QueueRow, QueueView, ReviewQueue } from './reviewQueue.ts';

type ReviewPanelProps<Row extends QueueRow<Status>, Status extends string> = {
  queue: ReviewQueue<Row, Status>;
  row: Row;
  view: QueueView<Status>;
  onClose: () => void;
  onReviewed: () => void;
};

/** One item as the reviewer checks it: its facts, its images, and Approve and Reject while it waits for a decision. */
export function ReviewPanel<Row extends QueueRow<Status>, Status extends string>({ queue, row, view, onClose, onReviewed }: ReviewPanelProps<Row, Status>) {
  const { t, i18n } = useLingui();
  const { panel } = queue;
  const decisions = queue.useDecisions(row);
  const images = panel.images ?? [];
  const imageViews = images.map((image) => <StaffImage key={i18n._(image.label)} uploadId={image.uploadId(row)} label={i18n._(image.label)} />);
  return (
    <section className={styles.panel} aria-label={i18n._(panel.label)}>
      <div className={styles.panelHeader}>
        <h2 className={styles.sectionTitle}>{panel.heading(row, view)}</h2>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t({ message: 'Close', context: 'back office' })}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <dl className={styles.facts}>
        {panel.facts
          .filter((fact) => fact.shownWhen?.(row) ?? true)
          .map((fact) => (
            <Fragment key={i18n._(fact.term)}>
              <dt>{i18n._(fact.term)}</dt>
              <dd data-testid={fact.testId}>{fact.value(row, view)}</dd>
            </Fragment>
          ))}
      </dl>
      {/* Two images side by side (an ID's front and back); one alone takes the panel's width. */}
      {imageViews.length > 1 ? <div className={styles.photos}>{imageViews}</div> : imageViews}
      {decisions ? <ReviewButtons {...decisions} onReviewed={onReviewed} /> : null}
    </section>
  );
}
