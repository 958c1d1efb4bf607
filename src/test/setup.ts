import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { connectCommandBus } from '../app/commandBusHooks.ts';
import { clearToasts } from '../app/toastStore.ts';
import { clearSession } from '../features/auth/sessionStore.ts';
import { connectStaffSession } from '../features/backOffice/session/staffCommandBus.ts';
import { clearStaffSession } from '../features/backOffice/session/staffSession.ts';
import { activateLocale, loadPageTexts } from '../i18n/activateLocale.ts';
import { server } from './mswServer.ts';

// Wired as the app and the back office wire it at start-up.
connectCommandBus();
connectStaffSession();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await activateLocale('en');
  // Pages render here without their routes, which would have awaited the other pages' texts.
  await loadPageTexts();
  // The app loads the refusal sentences with the first refusal (app/commandBusHooks.ts); loaded
  // here once, so no test's wait for a refusal toast includes compiling that module.
  await import('../i18n/serverMessages.ts');
});

beforeEach(async () => {
  localStorage.clear();
  clearSession();
  clearStaffSession();
  clearToasts();
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => {
  server.close();
});
