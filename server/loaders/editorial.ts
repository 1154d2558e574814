/**
 * Editorial route loaders (spec §2): the paginated lists /journal, /works, /photo-stream
 * (`?page=N`, their intro is the list document's body) and one journal entry, work or
 * photo-stream item. Unknown slugs and pages past the end are 404 "Page Not Found: {path}".
 * Journal entries and works carry Article and BreadcrumbList JSON-LD, photo-stream items a
 * BreadcrumbList.
 */
import type { RouteDataMap, RouteParams } from '../../shared/route-data';
import type { EditorialList, SiteSettings } from '../../shared/types';
import { paginate, paginationLinks, requestedPage } from './pagination';
import { notFound, segment } from './params';
import { pageSeo } from './seo';
import { articleJsonLd, breadcrumbJsonLd, type Crumb } from './structured-data';
import type { UpstreamData } from './upstream-data';

/** The three editorial streams: where they live, which documents hold them, page sizes. */
export const EDITORIAL_STREAMS = {
  journal: { path: '/journal', listType: 'journalListPage', itemType: 'journalEntry', pageSize: 4, title: 'Journal' },
  works: { path: '/works', listType: 'worksListPage', itemType: 'work', pageSize: 6, title: 'Works' },
  photoStream: { path: '/photo-stream', listType: 'photoStream', itemType: 'photoStreamItem', pageSize: 6, title: 'Photo Stream' },
} as const;

export type EditorialStream = keyof typeof EDITORIAL_STREAMS;

const siteTitle = (settings: SiteSettings | null) => settings?.siteTitle || 'Gramercy Stems';

/**
 * A list page: page `params.page` (default 1) of `stream`, with prev/next links in the head.
 * @throws RouteError 404 for a malformed page number or one past the last page
 * @throws UpstreamError on a content failure or a malformed document
 */
export async function loadEditorialList(
  data: UpstreamData,
  stream: EditorialStream,
  params: RouteParams,
  siteUrl: string,
): Promise<{ seo: RouteDataMap['journal']['seo']; list: EditorialList }> {
  const { path, listType, itemType, pageSize, title: fallbackTitle } = EDITORIAL_STREAMS[stream];
  const page = requestedPage(params.page, path);
  const [settings, raw] = await Promise.all([data.siteSettings(), data.editorialList(listType, itemType, (page - 1) * pageSize, pageSize)]);
  const pagination = paginate(path, page, pageSize, raw.total);
  const title = raw.page?.title ?? fallbackTitle;
  const pageTitle = raw.page?.seo?.title ?? title;
  return {
    seo: pageSeo(settings.settings, {
      title: page > 1 ? `${pageTitle} (page ${page})` : pageTitle,
      description: raw.page?.seo?.description,
      image: data.reshape.contentImages.socialUrl(raw.page?.seo?.image),
      links: paginationLinks(siteUrl, pagination),
    }),
    list: { title, intro: data.reshape.richText(raw.page?.body), items: data.editorial.cards(raw.items), pagination },
  };
}

/** The breadcrumb trail Home › {list} › {item}. */
const trail = (stream: EditorialStream, item: Crumb): Crumb[] => [
  { name: 'Home', path: '/' },
  { name: EDITORIAL_STREAMS[stream].title, path: EDITORIAL_STREAMS[stream].path },
  item,
];

/**
 * `/journal/{slug}`.
 * @throws RouteError 404 for an unknown slug; UpstreamError on a content failure
 */
export async function loadJournalEntry(data: UpstreamData, params: RouteParams, siteUrl: string): Promise<RouteDataMap['journalEntry']> {
  const slug = segment(params.slug, (s) => `/journal/${s}`);
  const path = `/journal/${slug}`;
  const [settings, raw] = await Promise.all([data.siteSettings(), data.journalEntry(slug)]);
  if (!raw) throw notFound(path);
  const entry = data.editorial.journalEntry(raw);
  const image = data.reshape.contentImages.socialUrl(raw.seo?.image ?? raw.mainImage);
  const description = raw.seo?.description ?? entry.excerpt;
  return {
    seo: pageSeo(settings.settings, {
      title: raw.seo?.title ?? entry.title,
      description,
      image,
      jsonLd: [
        articleJsonLd(siteUrl, siteTitle(settings.settings), {
          path,
          headline: entry.title,
          description,
          author: entry.author,
          published: entry.date,
          modified: raw._updatedAt,
          image,
        }),
        breadcrumbJsonLd(siteUrl, trail('journal', { name: entry.title, path })),
      ],
    }),
    entry,
  };
}

/**
 * `/works/{slug}`.
 * @throws RouteError 404 for an unknown slug; UpstreamError on a content failure
 */
export async function loadWork(data: UpstreamData, params: RouteParams, siteUrl: string): Promise<RouteDataMap['work']> {
  const slug = segment(params.slug, (s) => `/works/${s}`);
  const path = `/works/${slug}`;
  const [settings, raw] = await Promise.all([data.siteSettings(), data.work(slug)]);
  if (!raw) throw notFound(path);
  const work = data.editorial.work(raw);
  const image = data.reshape.contentImages.socialUrl(raw.seo?.image ?? raw.mainImage);
  const description = raw.seo?.description ?? (work.client ? `${work.title}, for ${work.client}.` : null);
  return {
    seo: pageSeo(settings.settings, {
      title: raw.seo?.title ?? work.title,
      description,
      image,
      jsonLd: [
        articleJsonLd(siteUrl, siteTitle(settings.settings), {
          path,
          headline: work.title,
          description,
          published: work.date,
          modified: raw._updatedAt,
          image,
        }),
        breadcrumbJsonLd(siteUrl, trail('works', { name: work.title, path })),
      ],
    }),
    work,
  };
}

/**
 * `/photo-stream/{slug}`: one picture, shown over the grid when opened from it (client) or as
 * a full page.
 * @throws RouteError 404 for an unknown slug; UpstreamError on a content failure
 */
export async function loadPhotoStreamItem(data: UpstreamData, params: RouteParams, siteUrl: string): Promise<RouteDataMap['photoStreamItem']> {
  const slug = segment(params.slug, (s) => `/photo-stream/${s}`);
  const path = `/photo-stream/${slug}`;
  const [settings, raw] = await Promise.all([data.siteSettings(), data.photoStreamItem(slug)]);
  if (!raw) throw notFound(path);
  const item = data.editorial.photoStreamItem(raw);
  return {
    seo: pageSeo(settings.settings, {
      title: item.title,
      description: item.caption,
      image: data.reshape.contentImages.socialUrl(raw.image),
      jsonLd: [breadcrumbJsonLd(siteUrl, trail('photoStream', { name: item.title, path }))],
    }),
    item,
  };
}
