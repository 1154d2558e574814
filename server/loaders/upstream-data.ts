/**
 * The upstream reads behind the route loaders, each cached stale-while-revalidate and
 * stale-if-error (DESIGN §8): catalogue data from the Storefront API, documents from the content
 * lake. Nothing here is personal, so one shared cache entry serves every shopper.
 */
import type { Money, ProductDetail, SiteSettings } from '../../shared/types';
import type { Cache } from '../cache';
import type { Config } from '../config';
import { currentRequest } from '../http/request-context';
import type { Logger } from '../logger';
import type { ContentClient } from '../upstream/content/client';
import { contentImages } from '../upstream/content/images';
import * as Q from '../upstream/content/queries';
import {
  ContentReshaper, type PriceIndex, type RawCollection, type RawCollectionsPage, type RawPage, type RawProductCard,
} from '../upstream/content/reshape';
import type { StorefrontClient, StorefrontClientFactory } from '../upstream/storefront/client';
import type { ProductPriceFragment, ProductRecommendationsQuery } from '../upstream/storefront/generated';
import { COLLECTION_BY_HANDLE_QUERY, PRODUCT_BY_HANDLE_QUERY, PRODUCT_PRICES_QUERY, PRODUCT_RECOMMENDATIONS_QUERY } from '../upstream/storefront/queries';
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
  readonly shopify: ShopifyReshapeOptions;

  constructor(private readonly deps: DataDeps) {
    this.reshape = new ContentReshaper(contentImages(deps.config.content));
    this.shopify = { imageOrigin: deps.config.storefront.imageOrigin, log: deps.log };
  }

  private get log(): Logger {
    return currentRequest()?.log ?? this.deps.log;
  }

  /** A Storefront client for the current shopper (their IP as the buyer IP). */
  private storefront(): StorefrontClient {
    return this.deps.storefront(currentRequest()?.clientIp ?? null);
  }

  private cached<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
    return this.deps.cache.swr(key, FRESH_MS, STALE_MS, fetcher);
  }

  /** Never throws: spec §4, a missing document or a failure is an error marker (logged). */
  async siteSettings(): Promise<SiteSettingsResult> {
    try {
      const settings = await this.cached('content:settings', async () => {
        const raw = await this.deps.content.fetch<Record<string, unknown> | null>(Q.SITE_SETTINGS_QUERY);
        if (!raw?.id) throw new NoSettingsDocument();
        return this.reshape.siteSettings(raw, await this.priceIndex(), this.deps.config.siteUrl);
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

  productCards(): Promise<RawProductCard[]> {
    return this.cached('content:cards', () => this.deps.content.fetch<RawProductCard[]>(Q.PRODUCT_CARDS_QUERY));
  }

  productCard(handle: string): Promise<RawProductCard | null> {
    return this.cached(`content:card:${handle}`, () => this.deps.content.fetch<RawProductCard | null>(Q.PRODUCT_CARD_BY_HANDLE_QUERY, { handle }));
  }

  homepage(): Promise<Record<string, any> | null> {
    return this.cached('content:home', () => this.deps.content.fetch(Q.HOMEPAGE_QUERY));
  }

  collectionContent(slug: string): Promise<RawCollection | null> {
    return this.cached(`content:collection:${slug}`, () => this.deps.content.fetch<RawCollection | null>(Q.COLLECTION_QUERY, { slug }));
  }

  collectionsPage(): Promise<RawCollectionsPage> {
    return this.cached('content:collections', () => this.deps.content.fetch<RawCollectionsPage>(Q.COLLECTIONS_PAGE_QUERY));
  }

  /** A page-like document by slug among `types`, or null. */
  page(types: string[], slug: string): Promise<RawPage | null> {
    return this.cached(`content:page:${types.join(',')}:${slug}`, () => this.deps.content.fetch<RawPage | null>(Q.PAGE_QUERY, { types, slug }));
  }

  /** The one document of a fixed-path page type (about, membership…), or null. */
  pageByType(type: string): Promise<RawPage | null> {
    return this.cached(`content:page-type:${type}`, () => this.deps.content.fetch<RawPage | null>(Q.PAGE_BY_TYPE_QUERY, { type }));
  }
}
