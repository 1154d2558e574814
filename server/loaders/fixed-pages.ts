/**
 * The fixed pages with their own fields (spec §2, FORMAT.md): /membership (tiers),
 * /pages/contact (contact details), /pages/retail-partners (partners). Each is the one
 * document of its page type; none published is a 404.
 */
import { resolveRoute } from '../../shared/links';
import type { RouteDataMap } from '../../shared/route-data';
import type { ContentPage, Seo } from '../../shared/types';
import type { RawPage } from '../upstream/content/reshape';
import { notFound } from './params';
import { pageSeo } from './seo';
import type { UpstreamData } from './upstream-data';

/**
 * The page of `type` (its path from shared/links.ts) as a ContentPage with its SEO.
 * @throws RouteError 404 when no such document is published; UpstreamError on a content failure
 */
async function fixedPage(data: UpstreamData, type: string): Promise<{ seo: Seo; page: ContentPage; raw: RawPage }> {
  const path = resolveRoute({ _type: type }) ?? '/';
  const [settings, raw] = await Promise.all([data.siteSettings(), data.pageByType(type)]);
  if (!raw) throw notFound(path);
  const page = data.reshape.contentPage(raw);
  return {
    seo: pageSeo(settings.settings, {
      title: raw.seo?.title ?? page.title,
      description: raw.seo?.description,
      image: data.reshape.contentImages.socialUrl(raw.seo?.image ?? raw.heroImage),
    }),
    page,
    raw,
  };
}

/** `/membership`: the membership page and its tiers. */
export async function loadMembership(data: UpstreamData): Promise<RouteDataMap['membership']> {
  const { seo, page, raw } = await fixedPage(data, 'membershipPage');
  return { seo, page, tiers: data.editorial.tiers(raw) };
}

/** `/pages/contact`: the contact page and the shop's details. */
export async function loadContact(data: UpstreamData): Promise<RouteDataMap['contact']> {
  const { seo, page, raw } = await fixedPage(data, 'contactPage');
  return { seo, page, contact: data.editorial.contact(raw) };
}

/** `/pages/retail-partners`: the page and the partner shops. */
export async function loadRetailPartners(data: UpstreamData): Promise<RouteDataMap['retailPartners']> {
  const { seo, page, raw } = await fixedPage(data, 'retailPartners');
  return { seo, page, partners: data.editorial.partners(raw) };
}
