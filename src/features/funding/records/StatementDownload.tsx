import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '../../../app/toastStore.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { storedValueOfLocale } from '../../../i18n/locale.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useSingleFlight } from '../../../ui/useSingleFlight.ts';
import { Button, TextField } from '../../../ui/widgets.tsx';
import * as styles from '../funding.css.ts';
import { downloadStatementCsv, istToday, thisMonthRange } from './statementCsv.ts';

/** "Download statement (CSV)": a from–to choice (this month by default), then the file. */
export function StatementDownload() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(thisMonthRange);
  const today = istToday();
  // ISO days compare as text.
  const error = range.from === '' || range.to === '' ? t`Choose both dates.` : range.from > range.to ? t`The start date must be on or before the end date.` : range.to > today ? t`The end date cannot be in the future.` : null;

  const { busy, run } = useSingleFlight(async () => {
    // The file reads in the language the screen does.
    const result = await downloadStatementCsv(range.from, range.to, storedValueOfLocale(localeState.locale));
    if (result.ok) showToast(t`Statement downloaded`, { tone: 'success' });
    else showToast(result.msg ? translateServerMessage(result.msg) : t`The statement could not be downloaded. Check your connection and try again.`);
  });

  if (!open)
    return (
      <div className={styles.listFooter} style={{ paddingBottom: 0 }}>
        <Button variant="secondary" block onClick={() => setOpen(true)} data-action="open-statement-download">
          <Icon name="list" size={18} />
          <Trans>Download statement (CSV)</Trans>
        </Button>
      </div>
    );
  return (
    <section className={styles.card} style={{ margin: 16 }} aria-label={t`Download statement (CSV)`}>
      <h2 className={styles.cardTitle}>
        <Trans>Download statement (CSV)</Trans>
      </h2>
      <div className={styles.dateRow}>
        <TextField label={t`From`} name="from" type="date" value={range.from} max={today} onChange={(event) => setRange((previous) => ({ ...previous, from: event.target.value }))} />
        <TextField label={t`To`} name="to" type="date" value={range.to} max={today} onChange={(event) => setRange((previous) => ({ ...previous, to: event.target.value }))} />
      </div>
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.fieldHint}>
          <Trans>Every change to your cash between these days (IST), with the opening and closing balance.</Trans>
        </p>
      )}
      <div className={styles.twoButtons}>
        <Button variant="soft" onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button busy={busy} disabled={error !== null} onClick={run} data-action="download-statement">
          <Trans>Download</Trans>
        </Button>
      </div>
    </section>
  );
}
