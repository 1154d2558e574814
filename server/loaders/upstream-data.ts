/**
 * The upstream reads behind the route loaders, each cached stale-while-revalidate and
 * stale-if-error (docs/architecture.md §8): catalog data from the Storefront API, documents
 * from the content lake. Nothing here is personal, so one shared cache entry serves every shopper.
 *
 * This is where content lake results enter the server: each is parsed with its schema
 * (server/upstream/content/schemas.ts) before it is cached or reshaped: a malformed element is
 * left out (logged once), a document broken where nothing may degrade is a content
 * UpstreamError (502) here, never a TypeError deep in reshape.
 */
import type { z } from 'zod';
import type { Money, ProductDetail, SiteSettings } from '../../shared/types';
import type { Cache } from '../cache';
import type { Config } from '../config';
import { buyerIp, requestLog } from '../http/request-context';
import { inPreview } from '../preview/scope';
import type { Logger } from '../logger';
import type { ContentClient } from '../upstream/content/client';
import { EditorialReshaper } from '../upstream/content/editorial';
import { contentImages } from '../upstream/content/images';
import * as Q from '../upstream/content/queries';
import {
  ContentReshaper,
  type PriceIndex,
  type RawCollection,
  type RawCollectionsPage,
  type RawEditorialList,
  type RawHomepage,
  type RawJournalEntry,
  type RawPage,
  type RawPhotoStreamItem,
  type RawProductCard,
  type RawProductCardDetail,
  type RawWork,
} from '../upstream/content/reshape';
import { ContentResults, parseContent } from '../upstream/content/schemas';
import type { StorefrontClient, StorefrontClientFactory } from '../upstream/storefront/client';
import type { ProductPriceFragment, ProductRecommendationsQuery } from '../upstream/storefront/generated';
import {
  COLLECTION_BY_HANDLE_QUERY,
  PRODUCT_BY_HANDLE_QUERY,
  PRODUCT_PRICES_QUERY,
  PRODUCT_RECOMMENDATIONS_QUERY,
} from '../upstream/storefront/queries';
import { money, toProductDetail, type ShopifyReshapeOptions } from '../upstream/storefront/reshape';

export type DataDeps = {
  config: Config;
  cache: Cache;
  content: ContentClient;
  storefront: StorefrontClientFactory;
  log: Logger;
};

/** Fresh for a minute, then served stale for ten while refreshed (ms). */
export const FRESH_MS = 60_000;
export const STALE_MS = 600_000;

/** Spec §4 "site settings fetch": the settings, or an error marker (with the error, if one was thrown). */
export type SiteSettingsResult = { settings: SiteSettings; isError: false } | { settings: null; isError: true; error?: unknown };

class NoSettingsDocument extends Error {
  constructor() {
    super('site settings query returned no document with an id');
    this.name = 'NoSettingsDocument';
  }
}

export type RecommendedProduct = ProductRecommendationsQuery['productRecommendations'] extends Array<infer P> | null ? P : never;

export class UpstreamData {
  readonly reshape: ContentReshaper;
  readonly editorial: EditorialReshaper;
  readonly shopify: ShopifyReshapeOptions;

  constructor(private readonly deps: DataDeps) {
    this.reshape = new ContentReshaper(contentImages(deps.config.content));
    this.editorial = new EditorialReshaper(this.reshape);
    this.shopify = { imageOrigin: deps.config.storefront.imageOrigin, log: deps.log };
  }

  /** The current request's logger (with its request id), else the process logger. */
  get log(): Logger {
    return requestLog(this.deps.log);
  }

  /** A Storefront client for the current shopper (their IP as the buyer IP). */
  private storefront(): StorefrontClient {
    return this.deps.storefront(buyerIp());
  }

  /** Through the data cache, except for a preview request: its drafts are neither read from nor kept in it. */
  private cached<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
    return inPreview() ? fetcher() : this.deps.cache.swr(key, FRESH_MS, STALE_MS, fetcher);
  }

  /**
   * Run a GROQ query and parse its result with `schema` (the one way content enters).
   * @param what names the result in errors and logs
   * @throws UpstreamError('content', 502 | 504) when the lake fails or the result is malformed
   *   where nothing may degrade (malformed elements are left out and logged, once per process)
   */
  private async content<T extends z.ZodType>(what: string, schema: T, query: string, params?: Record<string, unknown>): Promise<z.output<T>> {
    return parseContent(schema, await this.deps.content.fetch(query, params, { preview: inPreview() }), what, this.log);
  }

  /**
   * Never throws: spec §8 "failed site settings load: logged, error marker returned". No
   * settings document, a malformed one, or a failing lake (with nothing cached) is the marker.
   */
  async siteSettings(): Promise<SiteSettingsResult> {
    try {
      const settings = await this.cached('content:settings', async () => {
        const raw = await this.content('site settings', ContentResults.siteSettings, Q.SITE_SETTINGS_QUERY);
        if (!raw) throw new NoSettingsDocument();
        // The header's prices degrade to absent while the Storefront API is down: content pages
        // never depend on it (docs/architecture.md §8). Prices return with the next refresh.
        return this.reshape.siteSettings(raw, (await this.pricesIfAvailable()).prices, this.deps.config.siteUrl);
      });
      return { settings, isError: false };
    } catch (error) {
      this.log.error({ err: error }, 'site settings fetch failed');
      return { settings: null, isError: true, error };
    }
  }

  /** Minimum price of every product, by handle (product cards, spec §2 header dropdown). */
  async priceIndex(): Promise<PriceIndex> {
    const entries = await this.cached('storefront:prices', async () => {
      const data = await this.storefront().query(PRODUCT_PRICES_QUERY, {});
      return data.products.nodes.map((p: ProductPriceFragment): [string, Money] => [p.handle, money(p.priceRange.minVariantPrice)]);
    });
    return new Map(entries);
  }

  /**
   * The price index, or an empty one when the Storefront API cannot give it (nothing cached and
   * it fails, or its circuit is open): for pages that show prices beside content and render
   * without them. Never throws.
   * @returns `available` false when the prices (and so the shop) are unavailable
   */
  async pricesIfAvailable(): Promise<{ prices: PriceIndex; available: boolean }> {
    try {
      return { prices: await this.priceIndex(), available: true };
    } catch (err) {
      this.log.warn({ err }, 'product prices unavailable; rendering without them');
      return { prices: new Map(), available: false };
    }
  }

  /** The Storefront product, reshaped (without content parts), or null for an unknown handle. */
  product(handle: string): Promise<Omit<ProductDetail, 'card' | 'accordionItems'> | null> {
    return this.cached(`storefront:product:${handle}`, async () => {
      const data = await this.storefront().query(PRODUCT_BY_HANDLE_QUERY, { handle });
      return data.product ? toProductDetail(data.product, this.shopify) : null;
    });
  }

  /** RELATED recommendations (spec §7) for a product id. */
  recommendations(productId: string): Promise<RecommendedProduct[]> {
    return this.cached(`storefront:related:${productId}`, async () => {
      const data = await this.storefront().query(PRODUCT_RECOMMENDATIONS_QUERY, { productId });
      return data.productRecommendations ?? [];
    });
  }

  /** The Storefront collection (description and product order), or null. */
  collection(handle: string) {
    return this.cached(`storefront:collection:${handle}`, async () => {
      const data = await this.storefront().query(COLLECTION_BY_HANDLE_QUERY, { handle });
      return data.collection ?? null;
    });
  }

  // Content reads below: each @throws UpstreamError('content', 502 | 504) on a lake failure or a
  // malformed result (nothing is cached then; a stale entry keeps being served).

  /** Every active product card, in title order. */
  productCards(): Promise<RawProductCard[]> {
    return this.cached('content:cards', () => this.content('product cards', ContentResults.productCards, Q.PRODUCT_CARDS_QUERY));
  }

  /** The product card for a catalog handle, with its accordion items, or null. */
  productCard(handle: string): Promise<RawProductCardDetail | null> {
    return this.cached(`content:card:${handle}`, () =>
      this.content(`product card ${handle}`, ContentResults.productCardByHandle, Q.PRODUCT_CARD_BY_HANDLE_QUERY, { handle }),
    );
  }

  /** The home page document (modules of unknown types already dropped), or null. */
  homepage(): Promise<RawHomepage | null> {
    return this.cached('content:home', () => this.content('homepage', ContentResults.homepage, Q.HOMEPAGE_QUERY));
  }

  /** The collection document for a catalog handle, or null. */
  collectionContent(slug: string): Promise<RawCollection | null> {
    return this.cached(`content:collection:${slug}`, () =>
      this.content(`collection ${slug}`, ContentResults.collection, Q.COLLECTION_QUERY, { slug }),
    );
  }

  /** The collections list page document (or null) and every collection. */
  collectionsPage(): Promise<RawCollectionsPage> {
    return this.cached('content:collections', () => this.content('collections page', ContentResults.collectionsPage, Q.COLLECTIONS_PAGE_QUERY));
  }

  /** A page-like document by slug among `types`, or null. */
  page(types: string[], slug: string): Promise<RawPage | null> {
    return this.cached(`content:page:${types.join(',')}:${slug}`, () =>
      this.content(`page ${slug}`, ContentResults.page, Q.PAGE_QUERY, { types, slug }),
    );
  }

  /**
   * One page of an editorial list: the list document (`listType`), the number of `itemType`
   * items and those at 0-based indexes [start, start + size).
   */
  editorialList(listType: string, itemType: string, start: number, size: number): Promise<RawEditorialList> {
    return this.cached(`content:list:${listType}:${itemType}:${start}:${size}`, () =>
      this.content(`${itemType} list`, ContentResults.editorialList, Q.EDITORIAL_LIST_QUERY, { listType, itemType, start, end: start + size }),
    );
  }

  /** A journal entry by slug, or null. */
  journalEntry(slug: string): Promise<RawJournalEntry | null> {
    return this.cached(`content:journal:${slug}`, () =>
      this.content(`journal entry ${slug}`, ContentResults.journalEntry, Q.JOURNAL_ENTRY_QUERY, { slug }),
    );
  }

  /** A work by slug, or null. */
  work(slug: string): Promise<RawWork | null> {
    return this.cached(`content:work:${slug}`, () => this.content(`work ${slug}`, ContentResults.work, Q.WORK_QUERY, { slug }));
  }

  /** A photo-stream item by slug (with its neighbours' slugs), or null. */
  photoStreamItem(slug: string): Promise<RawPhotoStreamItem | null> {
    return this.cached(`content:photo:${slug}`, () =>
      this.content(`photo-stream item ${slug}`, ContentResults.photoStreamItem, Q.PHOTO_STREAM_ITEM_QUERY, { slug }),
    );
  }

  /** The one document of a fixed-path page type (about, membership…), or null. */
  pageByType(type: string): Promise<RawPage | null> {
    return this.cached(`content:page-type:${type}`, () => this.content(`${type} page`, ContentResults.page, Q.PAGE_BY_TYPE_QUERY, { type }));
  }
}
