import {
  type AnyRoute,
  type RouterHistory,
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useLocation,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { isSignedIn } from '../features/auth/sessionStore.ts';
import { backOfficeSignInPath, isStaffSignedIn } from '../features/backOffice/session/staffSession.ts';
import { startMarketStream } from '../features/market/stream/marketStore.ts';
import { loadPageTexts } from '../i18n/activateLocale.ts';
import { AppShell, PagePending } from './AppShell.tsx';
import {
  type BackOfficePagePath,
  backOfficeHome,
  backOfficeHomePath,
  backOfficeLayout,
  backOfficePages,
  backOfficeSignInPage,
} from './backOfficeRouteTable.ts';
import { registerNavigator, signInPath } from './navigation.ts';
import { NotFoundPage, RouteErrorPage, withChunkTimeout } from './RouteErrorPage.tsx';
import { landingPages, type PageLoader, type RouteEntry, routeTable } from './routeTable.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's entry in the route table: the shell reads its title and chrome. */
    entry?: RouteEntry;
    /** Set on the back office's layouts: the shell then draws none of the phone app's chrome. */
    backOffice?: boolean;
    /** A back-office page's path: the layout looks up its title and the command that gates it. */
    backOfficePage?: BackOfficePagePath;
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
    },
    component: SignedInLayout,
  });

  const pageRoute = (entry: RouteEntry, parent: AnyRoute) =>
    createRoute({
      getParentRoute: () => parent,
      path: entry.path,
      component: lazyPage(entry.page, { needsPageTexts: !landingPages.has(entry.page) }),
      errorComponent: RouteErrorPage,
      staticData: { entry },
      // Typed, with defaults for anything missing or malformed: see routeSearch.ts.
      ...(entry.search ? { validateSearch: entry.search.schema } : {}),
    });

  const routeTree = rootRoute.addChildren([
    indexRoute,
    ...backOfficeRoutes(rootRoute),
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

/**
 * The signed-in pages' layout. The market stream (its worker bundle, socket and instrument
 * list) starts in an effect, so after the page has rendered, not in beforeLoad: on a phone's
 * first load it would compete with the page's own chunks for the network (the first-load
 * budget, tests/checks/bundleBudget.test.ts). Every navigation under it ensures the stream,
 * as beforeLoad did.
 */
function SignedInLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (isSignedIn()) startMarketStream();
  }, [pathname]);
  return <Outlet />;
}

/**
 * A page's route component, loaded on first use. A page whose texts are not in the start
 * catalog also awaits the other pages' texts, so it never renders a message id; the chunk
 * timeout covers both.
 */
function lazyPage(page: PageLoader, { needsPageTexts }: { needsPageTexts: boolean }) {
  const load = needsPageTexts ? () => Promise.all([page.load(), loadPageTexts()]).then(([module]) => module) : page.load;
  return lazyRouteComponent(withChunkTimeout(load), page.exportName);
}

/**
 * The back office under /admin: its sign-in page, and a layout (left navigation, staff
 * session) whose beforeLoad sends anyone without a staff session to /admin/login. It never
 * starts the market stream and never looks at the user's session.
 */
function backOfficeRoutes(rootRoute: AnyRoute) {
  const signIn = createRoute({
    getParentRoute: () => rootRoute,
    path: backOfficeSignInPath,
    component: lazyPage(backOfficeSignInPage, { needsPageTexts: true }),
    errorComponent: RouteErrorPage,
    staticData: { backOffice: true },
  });
  const layout = createRoute({
    getParentRoute: () => rootRoute,
    id: 'backOffice',
    beforeLoad: () => {
      if (!isStaffSignedIn()) throw redirect({ to: backOfficeSignInPath });
    },
    component: lazyPage(backOfficeLayout, { needsPageTexts: true }),
    errorComponent: RouteErrorPage,
    staticData: { backOffice: true },
  });
  const home = createRoute({ getParentRoute: () => layout, path: backOfficeHomePath, component: lazyPage(backOfficeHome, { needsPageTexts: true }) });
  const pages = backOfficePages.map((entry) =>
    createRoute({
      getParentRoute: () => layout,
      path: entry.path,
      component: lazyPage(entry.page, { needsPageTexts: true }),
      errorComponent: RouteErrorPage,
      staticData: { backOfficePage: entry.path },
    }),
  );
  return [signIn, layout.addChildren([home, ...pages])];
}
