import {
  type AnyRoute,
  type RouterHistory,
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { isSignedIn } from '../features/auth/sessionStore.ts';
import { startMarketStream } from '../features/market/stream/marketStore.ts';
import { AppShell, PagePending } from './AppShell.tsx';
import { registerNavigator, signInPath } from './navigation.ts';
import { NotFoundPage, RouteErrorPage, withChunkTimeout } from './RouteErrorPage.tsx';
import { type RouteEntry, routeTable } from './routeTable.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's entry in the route table: the shell reads its title and chrome. */
    entry?: RouteEntry;
  }
}

export const startPath = '/login/start';

/**
 * Builds the route tree from the route table. Pages hang under one of two pathless
 * layouts: "public" (sign-in and the few pages a visitor needs) and "signedIn", whose
 * beforeLoad sends a visitor without a token to the sign-in page.
 */
export function createAppRouter(history: RouterHistory = createHashHistory()) {
  const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: NotFoundPage, errorComponent: RouteErrorPage });

  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: startPath });
    },
  });

  const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public' });
  const signedInLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signedIn',
    beforeLoad: () => {
      if (!isSignedIn()) throw redirect({ to: signInPath });
      startMarketStream();
    },
  });

  const pageRoute = (entry: RouteEntry, parent: AnyRoute) =>
    createRoute({
      getParentRoute: () => parent,
      path: entry.path,
      component: lazyRouteComponent(withChunkTimeout(entry.page.load), entry.page.exportName),
      errorComponent: RouteErrorPage,
      staticData: { entry },
    });

  const routeTree = rootRoute.addChildren([
    indexRoute,
    publicLayout.addChildren(routeTable.filter((entry) => entry.access === 'public').map((entry) => pageRoute(entry, publicLayout))),
    signedInLayout.addChildren(routeTable.filter((entry) => entry.access === 'signedIn').map((entry) => pageRoute(entry, signedInLayout))),
  ]);

  const router = createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultPendingMs: 200,
    scrollRestoration: true,
  });

  registerNavigator({
    go: (path) => void router.navigate({ to: path }),
    back: () => router.history.back(),
  });
  return router;
}
