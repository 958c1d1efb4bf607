import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// English is the source; zh-Hant is stored as "tw" and ko as "ko" in localStorage
// (see src/i18n/locale.ts). A message missing from a catalog compiles to its English
// text (fallbackLocales), so a user never reads a message id or "Error".
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'ko'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/src/test/**'],
    },
  ],
  // Line numbers churn on every edit and make catalog diffs unreadable.
  format: formatter({ lineNumbers: false }),
});
