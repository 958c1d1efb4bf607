import { z } from 'zod';

// The reader's language as the app stores it and sends it to the server where a text is
// chosen by language (news, documents): "tw" is Traditional Chinese as read in Taiwan.
// These are the values the app has kept under localStorage "language" since before it
// had a server of its own (src/i18n/locale.ts), so one code means one thing everywhere.

export const readerLanguages = ['en', 'tw', 'ko'] as const;
export type ReaderLanguage = (typeof readerLanguages)[number];

/** A request's language: optional, and a value this server does not know reads English. */
export const readerLanguageField = z.enum(readerLanguages).default('en').catch('en');
