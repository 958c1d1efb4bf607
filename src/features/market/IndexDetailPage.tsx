import { InstrumentDetail, MissingCode, useCodeParam } from './detail/InstrumentDetail.tsx';

/** /market/stockDetailzs?code=NIFTY50: the same chart as a stock, with an index's figures (points, no lots or bands). */
export function IndexDetailPage() {
  const code = useCodeParam();
  return code ? <InstrumentDetail key={code} code={code} variant="index" /> : <MissingCode />;
}
