import './ui/global.css.ts';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectCommandBus } from './app/commandBusHooks.ts';
import { connectHybridShell } from './app/hybridShell.ts';
import { createAppRouter } from './app/router.tsx';
import { StartupGate } from './app/StartupGate.tsx';
import { activateStoredLocale } from './i18n/activateLocale.ts';

async function start(): Promise<void> {
  // Before anything can send a command: the bus learns the session, the toasts and the router here.
  connectCommandBus();
  // The catalog comes first so even the start-up error is in the reader's language.
  await activateStoredLocale();
  connectHybridShell();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StartupGate>
          <RouterProvider router={router} />
        </StartupGate>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
