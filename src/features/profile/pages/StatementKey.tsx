import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { call } from '../../../api/commandBus.ts';
import { CopyButton } from '../../funding/CopyButton.tsx';
import * as styles from '../profile.css.ts';

/** The key statements are signed with, so a downloaded statement can be checked offline (docs/statements.md). */
export function StatementKey() {
  const { t } = useLingui();
  const [key, setKey] = useState<ResponseOf<'statement/publicKey'> | null>(null);
  useEffect(() => {
    let current = true;
    void call('statement/publicKey', {}, { silent: true }).then((answer) => current && setKey(answer), () => undefined);
    return () => {
      current = false;
    };
  }, []);
  if (!key) return null;
  return (
    <section className={styles.card} aria-label={t`Statement signing key`}>
      <h2 className={styles.cardTitle}>
        <Trans>Statement signing key</Trans>
      </h2>
      <p className={styles.paragraph}>
        <Trans>Every statement you download (CSV or PDF) is signed with this Ed25519 key. Anyone can check a statement with it, without trusting this server.</Trans>
      </p>
      <dl className={styles.details}>
        <dt className={styles.detailLabel}>
          <Trans>Fingerprint (SHA-256)</Trans>
        </dt>
        <dd className={styles.detailValue} data-testid="statement-key-fingerprint" style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {key.fingerprint}
        </dd>
      </dl>
      <pre data-testid="statement-key-pem" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
        {key.public_key_pem}
      </pre>
      <CopyButton text={key.public_key_pem} what={t`Public key`} />
    </section>
  );
}
