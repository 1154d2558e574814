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

/**
 * Route `handle`: a fixed HTTP status for the page (the /404 page answers 404), and the source
 * path of a lazily loaded page module, as the build manifest's `routeChunks` names it (the
 * server links that chunk with `<link rel="modulepreload">`).
 */
export type RouteHandle = { status?: number; module?: string };

/**
 * A page module loaded on demand, so each page's code is its own chunk in the browser (the
 * server bundle inlines it). The browser resolves the first page's module before hydrating
 * (client/start.tsx); later pages load alongside their data. A chunk that fails to load makes
 * one full load of the page being gone to (client/runtime/chunk-reload.ts).
 */
export type LazyPage = { module: string; load: () => Promise<ComponentType> };

const AccountPage: LazyPage = {
  module: 'client/pages/account/AccountPage.tsx',
  load: () => import('./pages/account/AccountPage').then((m) => m.AccountPage),
};
const ActivatePage: LazyPage = {
  module: 'client/pages/account/ActivatePage.tsx',
  load: () => import('./pages/account/ActivatePage').then((m) => m.ActivatePage),
};
const AddressesPage: LazyPage = {
  module: 'client/pages/account/AddressesPage.tsx',
  load: () => import('./pages/account/AddressesPage').then((m) => m.AddressesPage),
};
const ForgotPasswordPage: LazyPage = {
  module: 'client/pages/account/ForgotPasswordPage.tsx',
  load: () => import('./pages/account/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
};
const LoginPage: LazyPage = {
  module: 'client/pages/account/LoginPage.tsx',
  load: () => import('./pages/account/LoginPage').then((m) => m.LoginPage),
};
const OrderPage: LazyPage = {
  module: 'client/pages/account/OrderPage.tsx',
  load: () => import('./pages/account/OrderPage').then((m) => m.OrderPage),
};
const OrdersPage: LazyPage = {
  module: 'client/pages/account/OrdersPage.tsx',
  load: () => import('./pages/account/OrdersPage').then((m) => m.OrdersPage),
};
const RegisterPage: LazyPage = {
  module: 'client/pages/account/RegisterPage.tsx',
  load: () => import('./pages/account/RegisterPage').then((m) => m.RegisterPage),
};
const ResetPasswordPage: LazyPage = {
  module: 'client/pages/account/ResetPasswordPage.tsx',
  load: () => import('./pages/account/ResetPasswordPage').then((m) => m.ResetPasswordPage),
};
const CartPage: LazyPage = { module: 'client/pages/CartPage.tsx', load: () => import('./pages/CartPage').then((m) => m.CartPage) };
const CollectionPage: LazyPage = {
  module: 'client/pages/CollectionPage.tsx',
  load: () => import('./pages/CollectionPage').then((m) => m.CollectionPage),
};
const CollectionsPage: LazyPage = {
  module: 'client/pages/CollectionsPage.tsx',
  load: () => import('./pages/CollectionsPage').then((m) => m.CollectionsPage),
};
const ContactPage: LazyPage = { module: 'client/pages/ContactPage.tsx', load: () => import('./pages/ContactPage').then((m) => m.ContactPage) };
const ContentPage: LazyPage = { module: 'client/pages/ContentPage.tsx', load: () => import('./pages/ContentPage').then((m) => m.ContentPage) };
const HomePage: LazyPage = { module: 'client/pages/HomePage.tsx', load: () => import('./pages/HomePage').then((m) => m.HomePage) };
const JournalEntryPage: LazyPage = {
  module: 'client/pages/JournalEntryPage.tsx',
  load: () => import('./pages/JournalEntryPage').then((m) => m.JournalEntryPage),
};
const JournalPage: LazyPage = { module: 'client/pages/JournalPage.tsx', load: () => import('./pages/JournalPage').then((m) => m.JournalPage) };
const MembershipPage: LazyPage = {
  module: 'client/pages/MembershipPage.tsx',
  load: () => import('./pages/MembershipPage').then((m) => m.MembershipPage),
};
const PhotoStreamItemPage: LazyPage = {
  module: 'client/pages/PhotoStreamItemPage.tsx',
  load: () => import('./pages/PhotoStreamItemPage').then((m) => m.PhotoStreamItemPage),
};
const PhotoStreamPage: LazyPage = {
  module: 'client/pages/PhotoStreamPage.tsx',
  load: () => import('./pages/PhotoStreamPage').then((m) => m.PhotoStreamPage),
};
const ProductPage: LazyPage = { module: 'client/pages/ProductPage.tsx', load: () => import('./pages/ProductPage').then((m) => m.ProductPage) };
const ProductsPage: LazyPage = { module: 'client/pages/ProductsPage.tsx', load: () => import('./pages/ProductsPage').then((m) => m.ProductsPage) };
const RetailPartnersPage: LazyPage = {
  module: 'client/pages/RetailPartnersPage.tsx',
  load: () => import('./pages/RetailPartnersPage').then((m) => m.RetailPartnersPage),
};
const WorkPage: LazyPage = { module: 'client/pages/WorkPage.tsx', load: () => import('./pages/WorkPage').then((m) => m.WorkPage) };
const WorksPage: LazyPage = { module: 'client/pages/WorksPage.tsx', load: () => import('./pages/WorksPage').then((m) => m.WorksPage) };

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
  const lazyPage = ({ module, load }: LazyPage) => ({
    handle: { module } satisfies RouteHandle,
    lazy: async () => ({ Component: await importWithReload(load) }),
  });
  const loader =
    <R extends RouteId>(id: R) =>
    ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, params, request);
  /** A page route; no path means the index route. */
  const page = <R extends RouteId>(id: R, path: string | undefined, Page: LazyPage): RouteObject => {
    const route = { id, loader: loader(id), shouldRevalidate: onPathChange, ...lazyPage(Page) };
    return path === undefined ? { ...route, index: true } : { ...route, path };
  };
  /** A paginated list route: its loader also gets `page` from the query string. */
  const list = <R extends 'journal' | 'works'>(id: R, path: string, Page: LazyPage): RouteObject => ({
    id,
    path,
    loader: ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, { ...params, page: pageParam(request.url) }, request),
    shouldRevalidate: onLocationChange,
    ...lazyPage(Page),
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
    ...lazyPage(PhotoStreamPage),
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
    children: [page('photoStreamItem', ':slug', PhotoStreamItemPage)],
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
            page('home', undefined, HomePage),
            page('products', 'products', ProductsPage),
            page('product', 'products/:handle', ProductPage),
            page('collections', 'collections', CollectionsPage),
            page('collection', 'collections/:slug', CollectionPage),
            page('cart', 'cart', CartPage),
            // Spec §2 editorial routes and the fixed pages resolved by page type.
            list('journal', 'journal', JournalPage),
            page('journalEntry', 'journal/:slug', JournalEntryPage),
            list('works', 'works', WorksPage),
            page('work', 'works/:slug', WorkPage),
            photoStreamRoute,
            page('membership', 'membership', MembershipPage),
            page('contact', 'pages/contact', ContactPage),
            page('retailPartners', 'pages/retail-partners', RetailPartnersPage),
            // Spec §2 account screens: the sign-in ones, then the protected ones (the server
            // redirects a visitor without a session to /accounts/login?return={path}).
            page('login', 'accounts/login', LoginPage),
            page('register', 'accounts/register', RegisterPage),
            page('activate', 'accounts/activate', ActivatePage),
            page('forgotPassword', 'accounts/forgot-password', ForgotPasswordPage),
            page('resetPassword', 'accounts/reset-password', ResetPasswordPage),
            page('account', 'accounts/account', AccountPage),
            page('addresses', 'accounts/addresses', AddressesPage),
            page('orders', 'accounts/orders', OrdersPage),
            page('order', 'accounts/orders/:orderNumber', OrderPage),
            { id: 'not-found', path: '404', Component: NotFoundPage, handle: { status: 404 } satisfies RouteHandle },
            page('page', ':slug', ContentPage),
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
