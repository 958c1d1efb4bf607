import { InstrumentDetail, MissingCode, useCodeParam } from './detail/InstrumentDetail.tsx';

/** /market/stockDetail?code=RELIANCE */
export function StockDetailPage() {
  const code = useCodeParam();
  return code ? <InstrumentDetail key={code} code={code} variant="stock" /> : <MissingCode />;
}
