import { useLingui } from '@lingui/react/macro';

/**
 * What an ETF tracks, in the reader's language: index names are proper names and stay as the
 * exchange writes them ("NIFTY 50", "NIFTY Bank", "Hang Seng"); the assets a commodity ETF holds
 * are ordinary words and are translated. A name this list does not know shows as sent.
 */
export function useTrackedName(): (tracks: string) => string {
  const { t } = useLingui();
  const assets: Record<string, string> = {
    Gold: t({ message: 'Gold', context: 'asset an ETF tracks' }),
    Silver: t({ message: 'Silver', context: 'asset an ETF tracks' }),
  };
  return (tracks) => assets[tracks] ?? tracks;
}
