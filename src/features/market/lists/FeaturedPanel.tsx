import { useLingui } from '@lingui/react/macro';
import { InstrumentGroupPanel } from './InstrumentGroupPanel.tsx';

/** The Featured tab (and /market/marketTeshe): Korean and Thai listings, priced in their own currency. */
export function FeaturedPanel() {
  const { t } = useLingui();
  return (
    <InstrumentGroupPanel
      groups={[
        { key: 'krw', title: t`Korea · KRX`, note: t`Prices in Korean won (₩).`, includes: (instrument) => instrument.currency === 'KRW' },
        { key: 'thb', title: t`Thailand · SET`, note: t`Prices in Thai baht (฿).`, includes: (instrument) => instrument.currency === 'THB' },
      ]}
      emptyTitle={t`No featured listings`}
      emptyText={t`Korean and Thai listings are not available yet.`}
    />
  );
}

/** /market/marketTeshe */
export function FeaturedPage() {
  return <FeaturedPanel />;
}
