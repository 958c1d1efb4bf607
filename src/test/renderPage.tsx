import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Toasts } from '../app/Toasts.tsx';

/**
 * Renders one page at `path` (which may carry a query) inside a minimal router (memory history) with the toast
 * layer, so a page can be tested on its own. Other paths render their path as text,
 * which lets a test see where the page navigated.
 */
export function renderPage(Page: () => ReactNode, path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toasts />
      </>
    ),
  });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: path.split('?')[0] ?? path, component: Page });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      return <p data-testid="elsewhere">{router.state.location.pathname}</p>;
    },
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([pageRoute, elsewhere]), history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { ...view, router };
}
