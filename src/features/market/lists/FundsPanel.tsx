import { useLingui } from '@lingui/react/macro';
import { InstrumentGroupPanel } from './InstrumentGroupPanel.tsx';

/** The Funds tab: exchange-traded funds. */
export function FundsPanel() {
  const { t } = useLingui();
  return (
    <InstrumentGroupPanel
      groups={[{ key: 'etf', title: t`Exchange-traded funds`, note: t`ETFs trade like shares, in lots of one, at market prices.`, includes: (instrument) => instrument.kind === 'etf' }]}
      emptyTitle={t`No funds listed`}
      emptyText={t`No exchange-traded funds are available yet.`}
    />
  );
}
