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
import { downloadStatement, istToday, type StatementFormat, thisMonthRange } from './statementCsv.ts';

/** "Download statement": a from–to choice (this month by default), then the file as CSV or PDF. */
export function StatementDownload() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState(thisMonthRange);
  const today = istToday();
  // ISO days compare as text.
  const error = range.from === '' || range.to === '' ? t`Choose both dates.` : range.from > range.to ? t`The start date must be on or before the end date.` : range.to > today ? t`The end date cannot be in the future.` : null;

  const download = async (format: StatementFormat) => {
    // The file reads in the language the screen does (the PDF is written in English).
    const result = await downloadStatement(format, range.from, range.to, storedValueOfLocale(localeState.locale));
    if (result.ok) showToast(t`Statement downloaded`, { tone: 'success' });
    else showToast(result.msg ? translateServerMessage(result.msg) : t`The statement could not be downloaded. Check your connection and try again.`);
  };
  const csv = useSingleFlight(() => download('csv'));
  const pdf = useSingleFlight(() => download('pdf'));

  if (!open)
    return (
      <div className={styles.listFooter} style={{ paddingBottom: 0 }}>
        <Button variant="secondary" block onClick={() => setOpen(true)} data-action="open-statement-download">
          <Icon name="list" size={18} />
          <Trans>Download statement (CSV or PDF)</Trans>
        </Button>
      </div>
    );
  return (
    <section className={styles.card} style={{ margin: 16 }} aria-label={t`Download statement`}>
      <h2 className={styles.cardTitle}>
        <Trans>Download statement</Trans>
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
      <p className={styles.fieldHint} data-testid="statement-signed-note">
        <Trans>Both files are signed by Ledgerline. You can check that a file is genuine and unchanged with the public key on the About page.</Trans>
      </p>
      <div className={styles.twoButtons}>
        <Button busy={csv.busy} disabled={error !== null || pdf.busy} onClick={csv.run} data-action="download-statement">
          <Trans>Download CSV</Trans>
        </Button>
        <Button busy={pdf.busy} disabled={error !== null || csv.busy} onClick={pdf.run} data-action="download-statement-pdf">
          <Trans>Download PDF</Trans>
        </Button>
      </div>
      <Button variant="soft" block onClick={() => setOpen(false)}>
        <Trans>Cancel</Trans>
      </Button>
    </section>
  );
}
