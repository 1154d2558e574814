/**
 * The route table, shared by the server (createStaticHandler) and the browser
 * (createBrowserRouter). Loaders await their data (no defer: deferred data is lost on
 * hydration in data mode) and get it from whichever `RouteDataSource` the side supplies.
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import { notFoundMessage, notFoundPath, RouteError, type RouteDataMap, type RouteDataSource, type RouteId } from '../shared/route-data';
import { ErrorPage } from './components/ErrorPage';
import { PageLayout } from './components/PageLayout';
import { Shell } from './components/Shell';
import { AccountPage } from './pages/account/AccountPage';
import { ActivatePage } from './pages/account/ActivatePage';
import { AddressesPage } from './pages/account/AddressesPage';
import { ForgotPasswordPage } from './pages/account/ForgotPasswordPage';
import { LoginPage } from './pages/account/LoginPage';
import { OrderPage } from './pages/account/OrderPage';
import { OrdersPage } from './pages/account/OrdersPage';
import { RegisterPage } from './pages/account/RegisterPage';
import { ResetPasswordPage } from './pages/account/ResetPasswordPage';
import { CartPage } from './pages/CartPage';
import { CollectionPage } from './pages/CollectionPage';
import { CollectionsPage } from './pages/CollectionsPage';
import { ContactPage } from './pages/ContactPage';
import { ContentPage } from './pages/ContentPage';
import { HomePage } from './pages/HomePage';
import { JournalEntryPage } from './pages/JournalEntryPage';
import { JournalPage } from './pages/JournalPage';
import { MembershipPage } from './pages/MembershipPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PhotoStreamItemPage } from './pages/PhotoStreamItemPage';
import { PhotoStreamPage } from './pages/PhotoStreamPage';
import { ProductPage } from './pages/ProductPage';
import { ProductsPage } from './pages/ProductsPage';
import { RetailPartnersPage } from './pages/RetailPartnersPage';
import { WorkPage } from './pages/WorkPage';
import { WorksPage } from './pages/WorksPage';

/** Route `handle`: a fixed HTTP status for the page (the /404 page answers 404). */
export type RouteHandle = { status?: number };

/** Only a new path needs new data: `?variant=` changes on the product page must not refetch. */
const onPathChange = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || (defaultShouldRevalidate && currentUrl.search === nextUrl.search);

/** A paginated list's data depends on `?page=` too: a new path or a new query refetches. */
const onLocationChange = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

/** The `?page=N` of a list URL as the loader's `page` param (undefined when absent). */
const pageParam = (url: string | URL) => new URL(url).searchParams.get('page') ?? undefined;

/**
 * Build the routes over a data source (server: upstream loaders; browser: /__payload).
 *
 * Every route with data has a `RouteId` as its id and a loader returning `RouteDataMap[id]`
 * (both checked here), which is what makes client/lib/route-data.ts's `useRouteData(id)` sound.
 * Routes without data ('pages', 'not-found', 'catch-all') use ids outside RouteDataMap.
 */
export function createRoutes(dataSource: RouteDataSource): RouteObject[] {
  const loader =
    <R extends RouteId>(id: R) =>
    ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, params, request);
  /** A page route; no path means the index route. */
  const page = <R extends RouteId>(id: R, path: string | undefined, Component: ComponentType): RouteObject => {
    const route = { id, loader: loader(id), shouldRevalidate: onPathChange, Component };
    return path === undefined ? { ...route, index: true } : { ...route, path };
  };
  /** A paginated list route: its loader also gets `page` from the query string. */
  const list = <R extends 'journal' | 'works'>(id: R, path: string, Component: ComponentType): RouteObject => ({
    id,
    path,
    loader: ({ params, request }: LoaderFunctionArgs): Promise<RouteDataMap[R]> =>
      dataSource.load(id, { ...params, page: pageParam(request.url) }, request),
    shouldRevalidate: onLocationChange,
    Component,
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
    Component: PhotoStreamPage,
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
