// Proves the app's navigation rules on the real route tree: the root redirects to the
// welcome page, signed-in pages send visitors to sign-in, unbuilt pages say "coming
// soon" under their own title, and a page chunk that fails offers Retry.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { startSession } from '../features/auth/sessionStore.ts';
import { renderApp } from './testing/renderApp.tsx';
import { RouteErrorPage, withChunkTimeout } from './RouteErrorPage.tsx';

describe('router', () => {
  it('root-redirects-to-the-welcome-page', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
  });

  it('signed-in-page-without-a-token-redirects-to-sign-in', async () => {
    const router = renderApp('/information/recharge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login'));
  });

  it('unbuilt-page-shows-coming-soon-under-its-translated-title-with-a-back-button', async () => {
    startSession('token', '9000000001');
    renderApp('/market/marketQuestion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Q&A' })).toBeTruthy();
    expect(await screen.findByText('Coming soon. We are still building this part of Ledgerline.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('not-registered-broker-banner-and-customer-service-button-show-on-every-page', async () => {
    renderApp('/login/start');
    expect(await screen.findByText('Ledgerline is not a registered broker. Demo and paper trading only.')).toBeTruthy();
    // Docked in the sign-in screen's top bar, which arrives with the lazily loaded page.
    expect(await screen.findByRole('button', { name: 'Customer service' })).toBeTruthy();
  });

  it('page-chunk-that-does-not-arrive-shows-retry-and-retry-loads-it', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      // The first attempt never answers (a stalled network); the second succeeds.
      return attempts === 1 ? new Promise<never>(() => {}) : Promise.resolve({ Page: () => <p>Loaded page</p> });
    };
    const rootRoute = createRootRoute();
    const page = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      component: lazyRouteComponent(withChunkTimeout(load, 30), 'Page'),
      errorComponent: RouteErrorPage,
    });
    const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory() });
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded page')).toBeTruthy();
  });
});
