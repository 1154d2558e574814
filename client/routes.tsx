/**
 * The route table, shared by the server (createStaticHandler) and the browser
 * (createBrowserRouter). Loaders await their data (no defer: deferred data is lost on
 * hydration in data mode) and get it from whichever `RouteDataSource` the side supplies.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import { notFoundMessage, notFoundPath, RouteError, type RouteDataMap, type RouteDataSource, type RouteId } from '../shared/route-data';
import { PAGE_PARAM } from '../shared/route-query';
import { ErrorPage } from './components/ErrorPage';
import { PageLayout } from './components/PageLayout';
import { Shell } from './components/Shell';
import { NotFoundPage } from './pages/NotFoundPage';
import { importWithReload } from './runtime/chunk-reload';

/** Route `handle`: a fixed HTTP status for the page (the /404 page answers 404). */
export type RouteHandle = { status?: number };

/**
 * A page module loaded on demand, so each page's code is its own chunk in the browser (the
 * server bundle inlines it). The browser resolves the first page's module before hydrating
 * (client/start.tsx); later pages load alongside their data. A chunk that fails to load makes
 * one full load of the page being gone to (client/runtime/chunk-reload.ts).
 *
 * Each page route below is one object literal `{ id: '…', …, load: () => import('./pages/…')… }`:
 * the build reads them (esbuild.config.ts `routePageModules`) to list each route's page chunks
 * in the manifest by route id (`routeChunks`, linked for preloading by the server), so the
 * module's path is written once, in its `import()`.
 */
type LazyPage = () => Promise<ComponentType>;

/** Only a new path needs new data: `?variant=` changes on the product page must not refetch. */
const onPathChange = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || (defaultShouldRevalidate && currentUrl.search === nextUrl.search);

/** A paginated list's data depends on `?page=` too: a new path or a new query refetches. */
const onLocationChange = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

/** The `?page=N` of a list URL as the loader's `page` param (undefined when absent). */
const pageParam = (url: string | URL) => new URL(url).searchParams.get(PAGE_PARAM) ?? undefined;

/**
 * Build the routes over a data source (server: upstream loaders; browser: /__payload).
 *
 * Every route with data has a `RouteId` as its id and a loader returning `RouteDataMap[id]`
 * (both checked here), which is what makes client/lib/route-data.ts's `useRouteData(id)` sound.
 * Routes without data ('pages', 'not-found', 'catch-all') use ids outside RouteDataMap.
 */
export function createRoutes(dataSource: RouteDataSource): RouteObject[] {
  const lazy = (load: LazyPage) => async () => ({ Component: await importWithReload(load) });
  const loader =
    <R extends RouteId>(id: R) =>
    ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, params, request);
  /** A page route; no path means the index route. */
  const page = <R extends RouteId>({ id, path, load }: { id: R; path?: string; load: LazyPage }): RouteObject => {
    const route = { id, loader: loader(id), shouldRevalidate: onPathChange, lazy: lazy(load) };
    return path === undefined ? { ...route, index: true } : { ...route, path };
  };
  /** A paginated list route: its loader also gets `page` from the query string. */
  const list = <R extends 'journal' | 'works'>({ id, path, load }: { id: R; path: string; load: LazyPage }): RouteObject => ({
    id,
    path,
    loader: ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, { ...params, page: pageParam(request.url) }, request),
    shouldRevalidate: onLocationChange,
    lazy: lazy(load),
  });
  const rootId = 'root' satisfies RouteId;

  // The photo stream's grid stays under an item opened from it (PhotoStreamPage), so it must
  // not be refetched for the item's URL (which has no `?page=`). The grid's page last loaded in
  // this router decides whether a return to the list needs new data.
  let photoGridPage: string | undefined;
  const photoStreamId = 'photoStream' satisfies RouteId;
  const photoStreamRoute: RouteObject = {
    id: photoStreamId,
    path: 'photo-stream',
    lazy: lazy(() => import('./pages/PhotoStreamPage').then((m) => m.PhotoStreamPage)),
    loader({ params, request }): Promise<RouteDataMap['photoStream']> {
      photoGridPage = pageParam(request.url) ?? '1';
      return dataSource.load(photoStreamId, { ...params, page: pageParam(request.url) }, request);
    },
    shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) => {
      if (nextUrl.pathname !== '/photo-stream') return false;
      if (currentUrl.pathname === nextUrl.pathname) return currentUrl.search !== nextUrl.search;
      // Back from an item: only when the grid under it is not the page asked for (or unknown).
      return photoGridPage !== (pageParam(nextUrl) ?? '1');
    },
    children: [page({ id: 'photoStreamItem', path: ':slug', load: () => import('./pages/PhotoStreamItemPage').then((m) => m.PhotoStreamItemPage) })],
  };

  return [
    {
      id: rootId,
      path: '/',
      Component: Shell,
      // Without site settings there is no shell to render the error in.
      errorElement: <ErrorPage bare />,
      // Site settings rarely change; fetched once per document, not on every navigation.
      shouldRevalidate: () => false,
      async loader({ params, request }): Promise<RouteDataMap['root']> {
        const data = await dataSource.load(rootId, params, request);
        // Spec §4 App start: global data flagged as an error is a fatal 500.
        if (data.isError) throw new RouteError(500, notFoundMessage(notFoundPath(request.url)));
        return data;
      },
      children: [
        {
          id: 'pages',
          Component: PageLayout,
          errorElement: <ErrorPage />,
          children: [
            page({ id: 'home', load: () => import('./pages/HomePage').then((m) => m.HomePage) }),
            page({ id: 'products', path: 'products', load: () => import('./pages/ProductsPage').then((m) => m.ProductsPage) }),
            page({ id: 'product', path: 'products/:handle', load: () => import('./pages/ProductPage').then((m) => m.ProductPage) }),
            page({ id: 'collections', path: 'collections', load: () => import('./pages/CollectionsPage').then((m) => m.CollectionsPage) }),
            page({ id: 'collection', path: 'collections/:slug', load: () => import('./pages/CollectionPage').then((m) => m.CollectionPage) }),
            page({ id: 'cart', path: 'cart', load: () => import('./pages/CartPage').then((m) => m.CartPage) }),
            // Spec §2 editorial routes and the fixed pages resolved by page type.
            list({ id: 'journal', path: 'journal', load: () => import('./pages/JournalPage').then((m) => m.JournalPage) }),
            page({ id: 'journalEntry', path: 'journal/:slug', load: () => import('./pages/JournalEntryPage').then((m) => m.JournalEntryPage) }),
            list({ id: 'works', path: 'works', load: () => import('./pages/WorksPage').then((m) => m.WorksPage) }),
            page({ id: 'work', path: 'works/:slug', load: () => import('./pages/WorkPage').then((m) => m.WorkPage) }),
            photoStreamRoute,
            page({ id: 'membership', path: 'membership', load: () => import('./pages/MembershipPage').then((m) => m.MembershipPage) }),
            page({ id: 'contact', path: 'pages/contact', load: () => import('./pages/ContactPage').then((m) => m.ContactPage) }),
            page({
              id: 'retailPartners',
              path: 'pages/retail-partners',
              load: () => import('./pages/RetailPartnersPage').then((m) => m.RetailPartnersPage),
            }),
            // Spec §2 account screens: the sign-in ones, then the protected ones (the server
            // redirects a visitor without a session to /accounts/login?return={path}).
            page({ id: 'login', path: 'accounts/login', load: () => import('./pages/account/LoginPage').then((m) => m.LoginPage) }),
            page({ id: 'register', path: 'accounts/register', load: () => import('./pages/account/RegisterPage').then((m) => m.RegisterPage) }),
            page({ id: 'activate', path: 'accounts/activate', load: () => import('./pages/account/ActivatePage').then((m) => m.ActivatePage) }),
            page({
              id: 'forgotPassword',
              path: 'accounts/forgot-password',
              load: () => import('./pages/account/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
            }),
            page({
              id: 'resetPassword',
              path: 'accounts/reset-password',
              load: () => import('./pages/account/ResetPasswordPage').then((m) => m.ResetPasswordPage),
            }),
            page({ id: 'account', path: 'accounts/account', load: () => import('./pages/account/AccountPage').then((m) => m.AccountPage) }),
            page({ id: 'addresses', path: 'accounts/addresses', load: () => import('./pages/account/AddressesPage').then((m) => m.AddressesPage) }),
            page({ id: 'orders', path: 'accounts/orders', load: () => import('./pages/account/OrdersPage').then((m) => m.OrdersPage) }),
            page({ id: 'order', path: 'accounts/orders/:orderNumber', load: () => import('./pages/account/OrderPage').then((m) => m.OrderPage) }),
            { id: 'not-found', path: '404', Component: NotFoundPage, handle: { status: 404 } satisfies RouteHandle },
            page({ id: 'page', path: ':slug', load: () => import('./pages/ContentPage').then((m) => m.ContentPage) }),
            {
              id: 'catch-all',
              path: '*',
              // Never rendered: the loader always throws, so the error page shows instead.
              element: null,
              loader({ request }) {
                throw new RouteError(404, notFoundMessage(notFoundPath(request.url)));
              },
            },
          ],
        },
      ],
    },
  ];
}
