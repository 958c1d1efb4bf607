import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { localeState } from '../../../i18n/activateLocale.ts';
import { Skeleton } from '../../../ui/widgets.tsx';
import { BreadthBar } from '../indicators/BreadthBar.tsx';
import * as styles from '../market.css.ts';
import { ChangeText } from '../shared/PriceText.tsx';
import { directionOfSign, formatBasisPoints, formatCompact } from '../../../ui/format.ts';
import * as shared from '../shared/shared.css.ts';
import { SourceBadge } from '../shared/SourceBadge.tsx';
import { useBoard, useInstrument, useVipAnalytics } from '../stream/marketStore.ts';
import { Heatmap } from './Heatmap.tsx';

/** Real-time analytics computed by the quote worker over the whole board, for VIP users. */
export function VipLive() {
  const { t } = useLingui();
  useBoard();
  const analytics = useVipAnalytics();

  return (
    <div className={styles.page} style={{ paddingBottom: 24 }}>
      <div className={styles.panelTop}>
        <SourceBadge />
      </div>
      <section className={styles.section} aria-label={t`Breadth`}>
        <h2 className={styles.sectionTitle}>
          <Trans>Breadth</Trans>
        </h2>
        {analytics ? <BreadthBar {...analytics.breadth} /> : <Skeleton width="100%" height={32} />}
      </section>
      <section className={styles.section} aria-label={t`Sector heatmap`}>
        <h2 className={styles.sectionTitle}>
          <Trans>Sector heatmap</Trans>
        </h2>
        <p className={styles.sectionText}>
          <Trans>Tile size: turnover. Colour: average change of the sector's stocks.</Trans>
        </p>
        {analytics ? <Heatmap industries={analytics.heatmap} /> : <Skeleton width="100%" height={240} radius={12} />}
      </section>
      <section className={styles.section} aria-label={t`Top movers in the last minute`} style={{ padding: '16px 0 0', overflow: 'hidden' }}>
        <h2 className={styles.sectionTitle} style={{ padding: '0 16px' }}>
          <Trans>Top movers in the last minute</Trans>
        </h2>
        {!analytics ? (
          <Skeleton width="100%" height={120} />
        ) : analytics.topMovers.length === 0 ? (
          <p className={shared.note}>
            <Trans>Movers appear after the first full minute of watching.</Trans>
          </p>
        ) : (
          analytics.topMovers.map((mover) => <MinuteRow key={mover.code} code={mover.code} value={<MinuteChange basisPoints={mover.changeRate1mBps} />} />)
        )}
      </section>
      <section className={styles.section} aria-label={t`Volume spikes`} style={{ padding: '16px 0 0', overflow: 'hidden' }}>
        <h2 className={styles.sectionTitle} style={{ padding: '0 16px' }}>
          <Trans>Volume spikes</Trans>
        </h2>
        <p className={shared.note}>
          <Trans>Shares traded in the last minute against the stock's usual minute.</Trans>
        </p>
        {!analytics ? (
          <Skeleton width="100%" height={120} />
        ) : analytics.volumeSpikes.length === 0 ? (
          <p className={shared.note}>
            <Trans>No unusual volume right now.</Trans>
          </p>
        ) : (
          analytics.volumeSpikes.map((spike) => <MinuteRow key={spike.code} code={spike.code} value={<SpikeValue ratio={spike.ratio} volume={spike.volume1m} />} />)
        )}
      </section>
    </div>
  );
}

function MinuteRow({ code, value }: { code: string; value: ReactNode }) {
  const instrument = useInstrument(code);
  return (
    <Link to="/market/stockDetail" search={{ code }} className={styles.tableRow} data-code={code}>
      <span className={styles.cellStack}>
        <span className={styles.cellTitle}>{instrument?.name ?? code}</span>
        <span className={styles.cellMuted}>{code}</span>
      </span>
      <span />
      {value}
    </Link>
  );
}

function MinuteChange({ basisPoints }: { basisPoints: number }) {
  const { locale } = useSnapshot(localeState);
  const direction = directionOfSign(basisPoints);
  return <ChangeText text={formatBasisPoints(basisPoints, locale)} direction={direction} className={shared.changePill[direction]} />;
}

function SpikeValue({ ratio, volume }: { ratio: number; volume: number }) {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  const times = ratio.toFixed(1);
  const shares = formatCompact(volume, locale);
  return (
    <span className={`${styles.cellRight} ${styles.cellStack}`}>
      <strong>{t`×${times}`}</strong>
      <span className={styles.cellMuted}>{t`${shares} shares`}</span>
    </span>
  );
}
