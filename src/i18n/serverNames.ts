import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { demoInstitutionName } from '../../contract/demo.ts';

// Names the server sends as stored English text, shown in the reader's language when this
// app knows them and as sent otherwise.

// Industries arrive from the server as NSE's English names ("Financial Services"): they are
// the keys lists and aggregates group by, so the server keeps them as they are and the app
// shows them in the reader's language. Every industry in the NIFTY 50, 500 and 750 lists is
// here; a name added later that this table does not know yet is shown as sent.
// The "industry" context keeps short names such as "Power" or "Services" apart from
// the same English words elsewhere in the app.
export const industryNames: Readonly<Record<string, MessageDescriptor>> = {
  'Automobile and Auto Components': msg({ message: 'Automobile and Auto Components', context: 'industry' }),
  'Capital Goods': msg({ message: 'Capital Goods', context: 'industry' }),
  Chemicals: msg({ message: 'Chemicals', context: 'industry' }),
  Construction: msg({ message: 'Construction', context: 'industry' }),
  'Construction Materials': msg({ message: 'Construction Materials', context: 'industry' }),
  'Consumer Durables': msg({ message: 'Consumer Durables', context: 'industry' }),
  'Consumer Services': msg({ message: 'Consumer Services', context: 'industry' }),
  Diversified: msg({ message: 'Diversified', context: 'industry' }),
  'Fast Moving Consumer Goods': msg({ message: 'Fast Moving Consumer Goods', context: 'industry' }),
  'Financial Services': msg({ message: 'Financial Services', context: 'industry' }),
  'Forest Materials': msg({ message: 'Forest Materials', context: 'industry' }),
  Healthcare: msg({ message: 'Healthcare', context: 'industry' }),
  'Information Technology': msg({ message: 'Information Technology', context: 'industry' }),
  'Media Entertainment & Publication': msg({ message: 'Media Entertainment & Publication', context: 'industry' }),
  'Metals & Mining': msg({ message: 'Metals & Mining', context: 'industry' }),
  'Oil Gas & Consumable Fuels': msg({ message: 'Oil Gas & Consumable Fuels', context: 'industry' }),
  // The group of equities no NIFTY list gives an industry (contract/market.ts otherIndustry).
  Other: msg({ message: 'Other', context: 'industry' }),
  Power: msg({ message: 'Power', context: 'industry' }),
  Realty: msg({ message: 'Realty', context: 'industry' }),
  Services: msg({ message: 'Services', context: 'industry' }),
  Telecommunication: msg({ message: 'Telecommunication', context: 'industry' }),
  Textiles: msg({ message: 'Textiles', context: 'industry' }),
  Utilities: msg({ message: 'Utilities', context: 'industry' }),
};

// Institutions are named by whoever issues their invitation code; only the demo's own
// institution, seeded by this project, has a name the app can translate.
export const institutionNames: Readonly<Record<string, MessageDescriptor>> = {
  [demoInstitutionName]: msg`Ledgerline Demo Institution`,
};

function nameIn(names: Readonly<Record<string, MessageDescriptor>>, name: string, i18n: I18n): string {
  return Object.hasOwn(names, name) ? i18n._(names[name]!) : name;
}

/** An industry as the reader names it: "金融服務" for "Financial Services"; an unknown one as sent. */
export const industryName = (name: string, i18n: I18n): string => nameIn(industryNames, name, i18n);

/** An institution's name in the reader's language where the app knows it (the demo's), else as sent. */
export const institutionName = (name: string, i18n: I18n): string => nameIn(institutionNames, name, i18n);
