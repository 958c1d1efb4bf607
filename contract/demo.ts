// Names the demo seed stores that the app recognises and shows in the reader's language.

/** The institution behind the demo invitation code (DEMO100). */
export const demoInstitutionName = 'Ledgerline Demo Institution';
