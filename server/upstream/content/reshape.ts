/**
 * Content lake results, parsed by ./schemas.ts, → shared view models: links resolved through
 * shared/links.ts (spec §2), images as Pictures, Portable Text with `pageLink` hrefs and
 * `imageWithAlt` pictures rendered to HTML, product cards merged with catalog minimum prices. Nothing here
 * throws on content: the shapes were checked at the boundary, and missing optional parts
 * become nulls, empty strings or empty lists.
 */
import { resolveRoute, toNavLink, type ContentLink } from '../../../shared/links';
import type {
  AccordionItem,
  CollectionSummary,
  ContentPage,
  HeaderProductCard,
  HomeModule,
  Money,
  NavLink,
  ProductCard,
  RichText,
  RichTextBlocks,
  SiteSettings,
} from '../../../shared/types';
import { HEADER_DROPDOWN_PRODUCTS } from '../../../shared/types';
import type { ContentImages } from './images';
import { renderRichText } from './rich-text';
import type { RawAccordionItem, RawCollectionSummary, RawHomeModule, RawPage, RawProductCard, RawRichText, RawSiteSettings } from './schemas';

export type {
  RawAccordionItem,
  RawCollection,
  RawCollectionsPage,
  RawCollectionSummary,
  RawEditorialList,
  RawHomepage,
  RawJournalEntry,
  RawHomeModule,
  RawPage,
  RawProductCard,
  RawPhotoStreamItem,
  RawProductCardDetail,
  RawRichText,
  RawSiteSettings,
  RawWork,
} from './schemas';

/** A non-empty string, else null (content editors leave fields empty as ""). */
const s = (value: string | null | undefined): string | null => value || null;

/** Minimum prices by product handle, from the catalog. */
export type PriceIndex = ReadonlyMap<string, Money>;

/** Parsed content results → view models; `contentImages` builds the Pictures and social image URLs. */
export class ContentReshaper {
  constructor(readonly contentImages: ContentImages) {}

  /** Menu links with a destination (dangling page references are left out). */
  navLinks(links: ContentLink[] | null | undefined): NavLink[] {
    return (links ?? []).flatMap((link, i) => toNavLink(link, `link-${i}`) ?? []);
  }

  /** Rich text as pages show it: `richTextBlocks` rendered to HTML (./rich-text.tsx). */
  richText(blocks: RawRichText | null | undefined): RichText {
    return renderRichText(this.richTextBlocks(blocks));
  }

  /** Portable Text with resolved pageLink hrefs (null when the target is gone) and imageWithAlt pictures. */
  richTextBlocks(blocks: RawRichText | null | undefined): RichTextBlocks {
    return (blocks ?? []).map((block) => {
      if (block._type === 'imageWithAlt') return { ...block, picture: this.contentImages.picture(block) };
      if (!block.markDefs) return block;
      return {
        ...block,
        markDefs: block.markDefs.map((def) => (def._type === 'pageLink' ? { ...def, href: resolveRoute(def.linked) } : def)),
      };
    });
  }

  /** A card, or null when it has no slug (or is a dangling reference). */
  productCard(raw: RawProductCard | null | undefined, prices: PriceIndex): ProductCard | null {
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
        ? {
            enabled: Boolean(raw.productDrop.enabled),
            dropDate: raw.productDrop.dropDate ?? null,
            passwordProtectPage: Boolean(raw.productDrop.passwordProtectPage),
          }
        : null,
      password: raw.password
        ? { passwordProtectPage: Boolean(raw.password.passwordProtectPage), productCardText: raw.password.productCardText ?? null }
        : null,
      cardBanner: banner
        ? { text: banner, textColor: raw.cardBanner?.textColor ?? null, backgroundColor: raw.cardBanner?.backgroundColor ?? null }
        : null,
    };
  }

  /** Cards in order, skipping dangling references and cards without a slug. */
  productCards(raws: ReadonlyArray<RawProductCard | null> | null | undefined, prices: PriceIndex): ProductCard[] {
    return (raws ?? []).flatMap((raw) => this.productCard(raw, prices) ?? []);
  }

  /**
   * A header dropdown's cards: the first HEADER_DROPDOWN_PRODUCTS, with only what the header
   * shows (image, title, minimum price), since they travel in every page's state. The image is
   * decorative there (the card's link names the product), so it has no alt text.
   */
  headerCards(raws: ReadonlyArray<RawProductCard | null> | null | undefined, prices: PriceIndex): HeaderProductCard[] {
    return this.productCards(raws, prices)
      .slice(0, HEADER_DROPDOWN_PRODUCTS)
      .map(({ handle, title, minPrice, image }) => ({ handle, title, minPrice, image: image && { ...image, alt: '' } }));
  }

  /** Accordion items; the key is `key`, else `_key`, else `item-{index}`. */
  accordionItems(items: RawAccordionItem[] | null | undefined): AccordionItem[] {
    return (items ?? []).map((item, i) => ({
      key: item.key ?? item._key ?? `item-${i}`,
      title: item.title ?? '',
      text: this.richText(item.text),
    }));
  }

  /** A collection tile, or null when it has no slug (or is a dangling reference). */
  collectionSummary(raw: RawCollectionSummary | null | undefined): CollectionSummary | null {
    if (!raw?.slug) return null;
    const href = resolveRoute({ _type: raw._type ?? 'collection', slug: raw.slug });
    return {
      handle: raw.slug,
      title: raw.title ?? raw.slug,
      image: this.contentImages.picture(raw.heroImage, raw.title ?? ''),
      href: href ?? `/collections/${raw.slug}`,
    };
  }

  /** Tiles in order, skipping dangling references and collections without a slug. */
  collectionSummaries(raws: ReadonlyArray<RawCollectionSummary | null> | null | undefined): CollectionSummary[] {
    return (raws ?? []).flatMap((raw) => this.collectionSummary(raw) ?? []);
  }

  /** A content page; a missing slug or title is the empty string. */
  contentPage(raw: RawPage): ContentPage {
    return {
      type: raw._type,
      slug: raw.slug ?? '',
      title: raw.title ?? '',
      heroImage: this.contentImages.picture(raw.heroImage, raw.title ?? ''),
      body: this.richText(raw.body),
    };
  }

  /** Home modules in order (unknown module types were already dropped by the schema). */
  homeModules(modules: RawHomeModule[] | null | undefined, prices: PriceIndex): HomeModule[] {
    return (modules ?? []).map((m): HomeModule => {
      const key = m._key ?? '';
      switch (m._type) {
        case 'hero': {
          const title = m.title ?? '';
          return { type: 'hero', key, title, text: m.text ?? null, image: this.contentImages.picture(m.image, title), link: toNavLink(m.link) };
        }
        case 'productCarousel':
          return { type: 'productCarousel', key, title: m.title ?? '', products: this.productCards(m.products, prices) };
        case 'editorialSplit': {
          const title = m.title ?? '';
          return {
            type: 'editorialSplit',
            key,
            title,
            body: this.richText(m.body),
            image: this.contentImages.picture(m.image, title),
            link: toNavLink(m.link),
            imageSide: m.imageSide === 'right' ? 'right' : 'left',
          };
        }
        case 'collectionTiles':
          return { type: 'collectionTiles', key, title: m.title ?? '', collections: this.collectionSummaries(m.collections) };
        case 'quote':
          return { type: 'quote', key, text: m.text ?? '', attribution: m.attribution ?? null };
      }
    });
  }

  /**
   * Site settings (spec §3): strings default to null ('' counts as unset), the site url to
   * `siteUrl` (config), the cart title to "Cart".
   */
  siteSettings(raw: RawSiteSettings, prices: PriceIndex, siteUrl: string): SiteSettings {
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
      favicon: this.contentImages.iconUrl(raw.favicon),
      seo: {
        title: s(raw.seo?.title) ?? s(raw.siteTitle) ?? '',
        description: s(raw.seo?.description),
        image: this.contentImages.socialUrl(raw.seo?.image),
      },
      keywords: raw.keywords ?? [],
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
        headerMegaMenu: (header.headerMegaMenu ?? []).flatMap((item, i) => {
          const link = toNavLink(item.link, `mega-${i}`);
          return link ? [{ key: item._key ?? link.key, link, products: this.headerCards(item.products, prices) }] : [];
        }),
        rightHeaderMenu: this.navLinks(header.rightHeaderMenu),
        primaryHeaderLink: toNavLink(header.primaryHeaderLink),
        primaryLinkProducts: this.headerCards(header.primaryLinkProducts, prices),
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
          ? {
              title: s(popup.title),
              klaviyoListId: s(popup.klaviyoListId),
              copy: s(popup.copy),
              submitButtonText: s(popup.submitButtonText),
              image: this.contentImages.picture(popup.image),
            }
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
