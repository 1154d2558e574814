/** Content route loaders: the shell's site settings (root), the home page, content pages. */
import { pageTypeForPath } from '../../shared/links';
import type { RouteDataMap, RouteParams } from '../../shared/route-data';
import type { SiteSettings } from '../../shared/types';
import { notFound, segment } from './params';
import { pageSeo } from './seo';
import type { UpstreamData } from './upstream-data';

/** Stand-in settings when the real ones failed: the shell then raises the 500 (spec §4 App start). */
function unavailableSettings(siteUrl: string): SiteSettings {
  const none = { title: null, links: [] };
  return {
    id: '',
    siteUrl,
    siteTitle: '',
    pickupAddress: null,
    imageIcon: null,
    favicon: null,
    seo: { title: '', description: null, image: null },
    keywords: [],
    footer: { text: { html: '' }, attributionText: null, footerMenu: none },
    pdpSettings: {
      defaultPDPAccordionItems: [],
      reserveFormText: null,
      reserveProductSuccessMessage: null,
      backInStockButtonLabel: null,
      backInStockCopy: null,
      dropTheHintCopy: null,
      disableDropTheHint: false,
    },
    header: {
      announcementBarSettings: { enabled: false, text: null },
      headerMenu: [],
      headerMegaMenu: [],
      rightHeaderMenu: [],
      primaryHeaderLink: null,
      primaryLinkProducts: [],
      viewAllButton: null,
    },
    cartData: {
      cartTitle: 'Cart',
      emptyCartMessage: '',
      deliveryHours: null,
      pickupHours: null,
      shippingMessage: null,
      giftInquiryMessage: null,
      messageIncludeInquiry: null,
      cartDisclaimer: null,
      checkoutButton: null,
      pickupAddress: null,
      checkoutTypeCopy: null,
    },
    newsletter: {
      newsletterTitle: null,
      newsletterText: null,
      newsletterPhoto: null,
      newsletterErrorMessage: null,
      newsletterSuccessMessage: null,
      newsletterEmailPlaceholderText: null,
      newsletterButtonText: null,
      klaviyoListId: null,
      newsletterPopup: null,
    },
    page404: { page404Title: null, text: null },
    cookiePolicy: { cookiePolicyTitle: null, cookiePolicyText: null, cookiePolicyAcceptButton: null, cookiePolicyRejectButton: null },
    alerts: { floatingAlertButton: { enabled: false, link: null } },
  };
}

/**
 * Spec §4: the settings error marker becomes `isError: true` (never a thrown error).
 * `shopUnavailable` when the Storefront API cannot be read (the header shows a note for the cart).
 */
export async function loadRoot(data: UpstreamData, siteUrl: string): Promise<RouteDataMap['root']> {
  const [result, { available }] = await Promise.all([data.siteSettings(), data.pricesIfAvailable()]);
  if (result.isError) return { settings: unavailableSettings(siteUrl), isError: true, shopUnavailable: !available };
  // The browser never reads the default accordion items (products carry theirs): not in the state.
  const { defaultPDPAccordionItems: _serverOnly, ...pdpSettings } = result.settings.pdpSettings;
  return { settings: { ...result.settings, pdpSettings }, isError: false, shopUnavailable: !available };
}

/**
 * `/`: the home page's modules in order (unknown module types skipped) and its SEO.
 * @throws UpstreamError on a content lake failure or a malformed document
 */
export async function loadHome(data: UpstreamData): Promise<RouteDataMap['home']> {
  // Carousels show their cards without prices while the Storefront API is down.
  const [settings, home, { prices }] = await Promise.all([data.siteSettings(), data.homepage(), data.pricesIfAvailable()]);
  return {
    seo: pageSeo(settings.settings, {
      title: home?.seo?.title ?? home?.title ?? settings.settings?.seo.title ?? '',
      description: home?.seo?.description,
      image: data.reshape.contentImages.socialUrl(home?.seo?.image),
    }),
    modules: data.reshape.homeModules(home?.modules, prices),
  };
}

/**
 * `/{slug}`: a page type with that fixed path (aboutPage at /about, membershipPage at
 * /membership, spec §2), else a generic `page` with that slug; anything else is a 404.
 * @throws RouteError 404 for no such page; UpstreamError on a content failure or malformed document
 */
export async function loadPage(data: UpstreamData, params: RouteParams): Promise<RouteDataMap['page']> {
  const slug = segment(params.slug, (s) => `/${s}`);
  const fixedType = pageTypeForPath(`/${slug}`);
  const [settings, raw] = await Promise.all([data.siteSettings(), fixedType ? data.pageByType(fixedType) : data.page(['page'], slug)]);
  if (!raw) throw notFound(`/${slug}`);
  const page = data.reshape.contentPage(raw);
  return {
    seo: pageSeo(settings.settings, {
      title: raw.seo?.title ?? page.title,
      description: raw.seo?.description,
      image: data.reshape.contentImages.socialUrl(raw.seo?.image ?? raw.heroImage),
    }),
    page: { ...page, slug },
  };
}
