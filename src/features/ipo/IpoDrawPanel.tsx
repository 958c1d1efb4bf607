import { Trans, useLingui } from '@lingui/react/macro';
import type { IpoApplication, IpoDraw, IpoIssue } from '../../../contract/ipo.ts';
import * as styles from '../funding/funding.css.ts';
import { FactList } from '../primaryMarket/FactList.tsx';
import * as primaryStyles from '../primaryMarket/primaryMarket.css.ts';
import * as ipoStyles from './ipo.css.ts';
import { useIpoLabels } from './ipoText.ts';

// The draw, as a user can check it (docs/ipo-draw.md): before it, the commitment that fixes
// the secret; after it, every input, the published files and the command that re-runs it.

const verifyCommand = 'npx tsx scripts/verify-draw.ts DIR';

type IpoDrawPanelProps = { issue: IpoIssue; draw: IpoDraw | null; applications: readonly IpoApplication[] };

export function IpoDrawPanel({ issue, draw, applications }: IpoDrawPanelProps) {
  const { t } = useLingui();
  if (draw === null && issue.commitment === null) return null;
  return (
    <section className={styles.card} aria-label={t`The draw`} data-testid="ipo-draw">
      <h2 className={styles.cardTitle}>
        <Trans>The draw</Trans>
      </h2>
      {draw === null ? <Commitment commitment={issue.commitment ?? ''} source={issue.public_value_source} /> : <DrawResult draw={draw} applications={applications} />}
      <PlainWords />
    </section>
  );
}

function Commitment({ commitment, source }: { commitment: string; source: string }) {
  return (
    <>
      <p className={styles.muted}>
        <Trans>
          Commitment (SHA-256 of our secret server seed), published before anyone applied. After the draw we publish the seed: anyone can check it has this fingerprint, so
          we could not change it once applications came in.
        </Trans>
      </p>
      <p className={ipoStyles.hash} data-testid="ipo-commitment">
        {commitment}
      </p>
      <p className={styles.muted}>
        <Trans>The public value the draw will also use: {source}</Trans>
      </p>
    </>
  );
}

function DrawResult({ draw, applications }: { draw: IpoDraw; applications: readonly IpoApplication[] }) {
  const { t } = useLingui();
  const labels = useIpoLabels();
  const mine = applications.filter((application) => application.pseudonym !== null);
  const inputs: [string, string, string][] = [
    [t`Commitment`, draw.commitment, 'draw-commitment'],
    [t`Server seed`, draw.server_seed, 'draw-server-seed'],
    [t`Public value`, `${draw.public_value} (${draw.public_value_source})`, 'draw-public-value'],
    [t`Applications digest`, draw.applications_digest, 'draw-digest'],
    [t`Seed`, draw.seed, 'draw-seed'],
  ];
  const winners = draw.winners;
  const total = draw.applications;
  return (
    <>
      <p className={styles.muted} data-testid="draw-summary">
        <Trans>
          Drawn {labels.when(draw.drawn_at)}: {winners} of {total} applications won.
        </Trans>{' '}
        {draw.oversubscribed ? <Trans>The issue was oversubscribed, so a draw decided who gets a lot.</Trans> : <Trans>Every application was allotted in full.</Trans>}
      </p>
      {mine.map((application) => (
        <p key={application.id} className={styles.notice.info} data-testid="draw-mine">
          <span>
            <Trans>Your application {application.id}: pseudonym</Trans> <code className={ipoStyles.hash}>{application.pseudonym}</code>
            {application.draw_rank !== null ? (
              <>
                {' '}
                <Trans>rank {application.draw_rank} in the draw order</Trans>
              </>
            ) : null}
            {' · '}
            {labels.applicationState[application.state]}
          </span>
        </p>
      ))}
      <FactList facts={inputs} valueClassName={ipoStyles.hash} />
      <p className={styles.muted}>
        <Trans>Download the published files:</Trans>
      </p>
      <div className={primaryStyles.pillLinks}>
        {draw.files.map((file) => (
          <a key={file.name} href={file.url} download={file.name} className={primaryStyles.pillLink} data-testid="draw-file" title={`SHA-256 ${file.sha256}`}>
            {file.name}
          </a>
        ))}
      </div>
      <p className={styles.muted}>
        <Trans>Put the three files in one folder and re-run the draw yourself:</Trans>
      </p>
      <p className={ipoStyles.command} data-testid="draw-verify-command">
        {verifyCommand}
      </p>
      <p className={styles.muted}>
        <Trans>Algorithm: {draw.algorithm}</Trans>
      </p>
    </>
  );
}

/** docs/ipo-draw.md "In plain words", short. */
function PlainWords() {
  return (
    <details>
      <summary className={`${styles.cardTitle} ${ipoStyles.summary}`}>
        <Trans>How the draw is fair</Trans>
      </summary>
      <ol className={ipoStyles.steps}>
        <li>
          <Trans>Before anyone applies, we pick a secret number (the server seed) and publish its fingerprint (the commitment). We cannot change it afterwards.</Trans>
        </li>
        <li>
          <Trans>Each application gets a pseudonym made from the issue, its number and the secret, so the published list names nobody.</Trans>
        </li>
        <li>
          <Trans>When the issue closes, the list of applications is fixed, and so is its fingerprint (the applications digest).</Trans>
        </li>
        <li>
          <Trans>The draw's seed mixes our secret, that fingerprint and a public value nobody knows in advance, such as the NIFTY 50 close.</Trans>
        </li>
        <li>
          <Trans>The seed drives a standard generator (ChaCha20) that shuffles the list fairly (Fisher–Yates); the first in the shuffled order win a lot each.</Trans>
        </li>
        <li>
          <Trans>We publish everything. Anyone can run the command below on the files and get the same winners.</Trans>
        </li>
      </ol>
      <p className={ipoStyles.command}>{verifyCommand}</p>
    </details>
  );
}
