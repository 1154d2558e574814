/**
 * Content lake projections (./queries.ts) → shared view models: links resolved through
 * shared/links.ts (spec §2), images as Pictures, Portable Text with `pageLink` hrefs and
 * `imageWithAlt` pictures, product cards merged with catalogue minimum prices.
 */
import type { PortableTextBlock } from '@portabletext/types';
import { resolveRoute, toNavLink, type ContentLink, type LinkedPage } from '../../../shared/links';
import type {
  AccordionItem, CollectionSummary, ContentPage, HomeModule, Money, NavLink, ProductCard, RichText, SiteSettings,
} from '../../../shared/types';
import type { ContentImages, RawImage } from './images';

export type RawProductCard = {
  _id: string; slug: string | null; title: string | null; status?: string | null;
  thumbnailImage?: RawImage; hoverImage?: RawImage;
  isSoldOut?: boolean | null; customSoldOutText?: string | null; disableProductInteraction?: boolean | null;
  productDrop?: { enabled?: boolean | null; dropDate?: string | null; passwordProtectPage?: boolean | null } | null;
  password?: { passwordProtectPage?: boolean | null; productCardText?: string | null } | null;
  cardBanner?: { productCardBanner?: string | null; textColor?: string | null; backgroundColor?: string | null } | null;
  accordionItems?: RawAccordionItem[] | null;
};
export type RawAccordionItem = { _key?: string; key?: string | null; title?: string | null; text?: RawRichText };
export type RawRichText = Array<Record<string, unknown>> | null | undefined;
export type RawCollectionSummary = { _type?: string; slug: string | null; title: string | null; heroImage?: RawImage };
export type RawSeo = { title?: string | null; description?: string | null; image?: RawImage } | null | undefined;
export type RawCollection = RawCollectionSummary & { description?: RawRichText; seo?: RawSeo; products?: RawProductCard[] | null };
export type RawCollectionsPage = { page: { title?: string | null; seo?: RawSeo; collections?: RawCollectionSummary[] | null } | null; all: RawCollectionSummary[] };
export type RawPage = { _type: string; slug: string | null; title: string | null; seo?: RawSeo; heroImage?: RawImage; body?: RawRichText };

/** Minimum prices by product handle, from the catalogue. */
export type PriceIndex = ReadonlyMap<string, Money>;

export class ContentReshaper {
  constructor(readonly contentImages: ContentImages) {}

  navLinks(links: ContentLink[] | null | undefined): NavLink[] {
    return (links ?? []).flatMap((link, i) => toNavLink(link, `link-${i}`) ?? []);
  }

  /** Portable Text with resolved pageLink hrefs and imageWithAlt pictures (types.ts RichText). */
  richText(blocks: RawRichText): RichText {
    return (blocks ?? []).map((block) => {
      if (block._type === 'imageWithAlt') {
        return { ...block, picture: this.contentImages.picture(block as RawImage) } as unknown as PortableTextBlock;
      }
      const markDefs = block.markDefs as Array<Record<string, unknown>> | undefined;
      if (!markDefs) return block as unknown as PortableTextBlock;
      return {
        ...block,
        markDefs: markDefs.map((def) => (def._type === 'pageLink'
          ? { ...def, href: resolveRoute(def.linked as LinkedPage | null) }
          : def)),
      } as unknown as PortableTextBlock;
    });
  }

  productCard(raw: RawProductCard, prices: PriceIndex): ProductCard | null {
    if (!raw?.slug) return null;
    const banner = raw.cardBanner?.productCardBanner;
    return {
      handle: raw.slug,
      title: raw.title ?? raw.slug,
      minPrice: prices.get(raw.slug) ?? null,
      image: this.contentImages.picture(raw.thumbnailImage, raw.title ?? ''),
      hoverImage: this.contentImages.picture(raw.hoverImage, raw.title ?? ''),
      isSoldOut: Boolean(raw.isSoldOut),
      customSoldOutText: raw.customSoldOutText ?? null,
      disableProductInteraction: Boolean(raw.disableProductInteraction),
      productDrop: raw.productDrop
        ? { enabled: Boolean(raw.productDrop.enabled), dropDate: raw.productDrop.dropDate ?? null, passwordProtectPage: Boolean(raw.productDrop.passwordProtectPage) }
        : null,
      password: raw.password
        ? { passwordProtectPage: Boolean(raw.password.passwordProtectPage), productCardText: raw.password.productCardText ?? null }
        : null,
      cardBanner: banner
        ? { text: banner, textColor: raw.cardBanner?.textColor ?? null, backgroundColor: raw.cardBanner?.backgroundColor ?? null }
        : null,
    };
  }

  productCards(raws: RawProductCard[] | null | undefined, prices: PriceIndex): ProductCard[] {
    return (raws ?? []).flatMap((raw) => this.productCard(raw, prices) ?? []);
  }

  accordionItems(items: RawAccordionItem[] | null | undefined): AccordionItem[] {
    return (items ?? []).map((item, i) => ({
      key: item.key ?? item._key ?? `item-${i}`,
      title: item.title ?? '',
      text: this.richText(item.text),
    }));
  }

  collectionSummary(raw: RawCollectionSummary | null | undefined): CollectionSummary | null {
    if (!raw?.slug) return null;
    const href = resolveRoute({ _type: raw._type ?? 'collection', slug: raw.slug });
    return { handle: raw.slug, title: raw.title ?? raw.slug, image: this.contentImages.picture(raw.heroImage, raw.title ?? ''), href: href ?? `/collections/${raw.slug}` };
  }

  collectionSummaries(raws: RawCollectionSummary[] | null | undefined): CollectionSummary[] {
    return (raws ?? []).flatMap((raw) => this.collectionSummary(raw) ?? []);
  }

  contentPage(raw: RawPage): ContentPage {
    return {
      type: raw._type,
      slug: raw.slug ?? '',
      title: raw.title ?? '',
      heroImage: this.contentImages.picture(raw.heroImage, raw.title ?? ''),
      body: this.richText(raw.body),
    };
  }

  /** Modules of unknown type are skipped (a newer schema must not break the page). */
  homeModules(modules: Array<Record<string, any>> | null | undefined, prices: PriceIndex): HomeModule[] {
    return (modules ?? []).flatMap((m): HomeModule[] => {
      const key = String(m._key ?? '');
      const title = String(m.title ?? '');
      switch (m._type) {
        case 'hero':
          return [{ type: 'hero', key, title, text: m.text ?? null, image: this.contentImages.picture(m.image, title), link: toNavLink(m.link) }];
        case 'productCarousel':
          return [{ type: 'productCarousel', key, title, products: this.productCards(m.products, prices) }];
        case 'editorialSplit':
          return [{
            type: 'editorialSplit', key, title, body: this.richText(m.body), image: this.contentImages.picture(m.image, title),
            link: toNavLink(m.link), imageSide: m.imageSide === 'right' ? 'right' : 'left',
          }];
        case 'collectionTiles':
          return [{ type: 'collectionTiles', key, title, collections: this.collectionSummaries(m.collections) }];
        case 'quote':
          return [{ type: 'quote', key, text: String(m.text ?? ''), attribution: m.attribution ?? null }];
        default:
          return [];
      }
    });
  }

  /** Site settings (spec §3). `raw.id` must be present (the caller checks, spec §4). */
  siteSettings(raw: Record<string, any>, prices: PriceIndex, siteUrl: string): SiteSettings {
    const s = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
    const header = raw.header ?? {};
    const pdp = raw.pdpSettings ?? {};
    const cart = raw.cartData ?? {};
    const news = raw.newsletter ?? {};
    const popup = news.newsletterPopup;
    const cookie = raw.cookiePolicy ?? {};
    const floating = raw.alerts?.floatingAlertButton ?? {};
    return {
      id: raw.id,
      siteUrl: s(raw.siteUrl) ?? siteUrl,
      siteTitle: s(raw.siteTitle) ?? '',
      pickupAddress: s(raw.pickupAddress),
      imageIcon: this.contentImages.picture(raw.imageIcon),
      favicon: this.contentImages.socialUrl(raw.favicon),
      seo: { title: s(raw.seo?.title) ?? s(raw.siteTitle) ?? '', description: s(raw.seo?.description), image: this.contentImages.socialUrl(raw.seo?.image) },
      keywords: Array.isArray(raw.keywords) ? raw.keywords.filter((k: unknown) => typeof k === 'string') : [],
      footer: {
        text: this.richText(raw.footer?.text),
        attributionText: s(raw.footer?.attributionText),
        footerMenu: { title: s(raw.footer?.footerMenu?.title), links: this.navLinks(raw.footer?.footerMenu?.links) },
      },
      pdpSettings: {
        defaultPDPAccordionItems: this.accordionItems(pdp.defaultPDPAccordionItems),
        reserveFormText: s(pdp.reserveFormText),
        reserveProductSuccessMessage: s(pdp.reserveProductSuccessMessage),
        backInStockButtonLabel: s(pdp.backInStockButtonLabel),
        backInStockCopy: s(pdp.backInStockCopy),
        dropTheHintCopy: s(pdp.dropTheHintCopy),
        disableDropTheHint: Boolean(pdp.disableDropTheHint),
      },
      header: {
        announcementBarSettings: { enabled: Boolean(header.announcementBarSettings?.enabled), text: s(header.announcementBarSettings?.text) },
        headerMenu: this.navLinks(header.headerMenu),
        headerMegaMenu: (header.headerMegaMenu ?? []).flatMap((item: Record<string, any>, i: number) => {
          const link = toNavLink(item.link, `mega-${i}`);
          return link ? [{ key: String(item._key ?? link.key), link, products: this.productCards(item.products, prices) }] : [];
        }),
        rightHeaderMenu: this.navLinks(header.rightHeaderMenu),
        primaryHeaderLink: toNavLink(header.primaryHeaderLink),
        primaryLinkProducts: this.productCards(header.primaryLinkProducts, prices),
        viewAllButton: toNavLink(header.viewAllButton),
      },
      cartData: {
        cartTitle: s(cart.cartTitle) ?? 'Cart',
        emptyCartMessage: s(cart.emptyCartMessage) ?? '',
        deliveryHours: s(cart.deliveryHours),
        pickupHours: s(cart.pickupHours),
        shippingMessage: s(cart.shippingMessage),
        giftInquiryMessage: s(cart.giftInquiryMessage),
        messageIncludeInquiry: s(cart.messageIncludeInquiry),
        cartDisclaimer: s(cart.cartDisclaimer),
        checkoutButton: s(cart.checkoutButton),
        pickupAddress: s(cart.pickupAddress) ?? s(raw.pickupAddress),
        checkoutTypeCopy: s(cart.checkoutTypeCopy),
      },
      newsletter: {
        newsletterTitle: s(news.newsletterTitle),
        newsletterText: s(news.newsletterText),
        newsletterPhoto: this.contentImages.picture(news.newsletterPhoto),
        newsletterErrorMessage: s(news.newsletterErrorMessage),
        newsletterSuccessMessage: s(news.newsletterSuccessMessage),
        newsletterEmailPlaceholderText: s(news.newsletterEmailPlaceholderText),
        newsletterButtonText: s(news.newsletterButtonText),
        klaviyoListId: s(news.klaviyoListId),
        newsletterPopup: popup
          ? { title: s(popup.title), klaviyoListId: s(popup.klaviyoListId), copy: s(popup.copy), submitButtonText: s(popup.submitButtonText), image: this.contentImages.picture(popup.image) }
          : null,
      },
      page404: { page404Title: s(raw.page404?.page404Title), text: s(raw.page404?.text) },
      // Stored as title/text/acceptButton/rejectButton; the banner reads these names (spec §3).
      cookiePolicy: {
        cookiePolicyTitle: s(cookie.title),
        cookiePolicyText: s(cookie.text),
        cookiePolicyAcceptButton: s(cookie.acceptButton),
        cookiePolicyRejectButton: s(cookie.rejectButton),
      },
      alerts: { floatingAlertButton: { enabled: Boolean(floating.enabled), link: toNavLink(floating.link) } },
    };
  }
}
