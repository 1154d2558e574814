/**
 * The redirect table (spec §2 "Legacy or junk paths", content/FORMAT.md `redirect`): pure
 * matching and load-time validation, no I/O. Built from the `redirect` documents by
 * ./source.ts, used by server/routes/redirects.ts and by the sitemap (redirect sources are
 * never listed).
 *
 * Source patterns (matched case-insensitively, a trailing slash ignored):
 * - `/send-flowers`: that path only;
 * - `/blogs/*`: that path and every path below it (`/blogs/news/x`), not `/blogsx`;
 * - `/collections/all/products/:handle`: `:name` is one path segment, reusable in the
 *   destination (`/products/:handle`).
 */

/** One entry as read from the content lake, before validation. */
export type RedirectEntry = {
  /** The document id, named in the refusal log. */
  id: string;
  source: string;
  /** A root-relative path (may use the source's `:name` segments), or null when unresolved. */
  destination: string | null;
  /** true: 301 Moved Permanently; false: 302 Found. */
  permanent: boolean;
};

/** An entry refused at load, and why. */
export type RefusedRedirect = { id: string; source: string; reason: string };

/** Where a path goes: the destination path (query not included) and the status to answer. */
export type RedirectMatch = { location: string; status: 301 | 302 };

type Rule = {
  id: string;
  source: string;
  segments: string[];
  /** The source ends in `/*`: it also matches everything below its segments. */
  prefix: boolean;
  destination: string;
  status: 301 | 302;
};

/** A root-relative path without query or fragment: one slash, then printable ASCII. */
const PATH = /^\/(?!\/)[^?#\s\\]*$/;

/** Path segments, lowercased, without empty ones (so a trailing slash does not matter). */
function segmentsOf(path: string): string[] {
  return path
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '');
}

/**
 * The `:name` bindings when `rule` matches `segments`, else null. A Map: an editor's `:__proto__`
 * on a plain object would bind nothing and fill in Object.prototype.
 */
function bind(rule: Rule, segments: string[]): Map<string, string> | null {
  if (rule.prefix ? segments.length < rule.segments.length : segments.length !== rule.segments.length) return null;
  const params = new Map<string, string>();
  for (const [i, part] of rule.segments.entries()) {
    if (part.startsWith(':')) params.set(part.slice(1), segments[i]);
    else if (part !== segments[i]) return null;
  }
  return params;
}

/** The destination with `:name` segments filled in. */
function fill(destination: string, params: Map<string, string>): string {
  return destination.replace(/:([a-z0-9_]+)/gi, (whole, name: string) => params.get(name.toLowerCase()) ?? whole);
}

export class RedirectTable {
  private constructor(
    private readonly rules: Rule[],
    /** Entries dropped at load, for the log and the tests. */
    readonly refused: RefusedRedirect[],
  ) {}

  /**
   * Validate `entries` and build the table. Refused (and reported in `refused`, never thrown):
   * a malformed source or destination; a destination naming a `:param` its source lacks; a
   * second entry for the same source (the first by id wins); and every entry whose destination
   * is itself redirected, i.e. each link of a chain (A→B when B→C exists: B→C stays) and every
   * entry of a loop (A→A, A→B→A).
   */
  static build(entries: readonly RedirectEntry[]): RedirectTable {
    const refused: RefusedRedirect[] = [];
    const refuse = (entry: { id: string; source: string }, reason: string) => refused.push({ id: entry.id, source: entry.source, reason });
    const rules: Rule[] = [];
    const seen = new Set<string>();
    for (const entry of [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      const prefix = entry.source.endsWith('/*');
      const source = prefix ? entry.source.slice(0, -2) || '/' : entry.source;
      if (!PATH.test(source) || source.includes('*')) {
        refuse(entry, 'source is not a root-relative path');
        continue;
      }
      if (!entry.destination || !PATH.test(entry.destination)) {
        refuse(entry, entry.destination ? 'destination is not a root-relative path' : 'destination missing or its document does not resolve');
        continue;
      }
      const segments = segmentsOf(source);
      const names = new Set(segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1)));
      const unbound = [...entry.destination.matchAll(/:([a-z0-9_]+)/gi)].map((m) => m[1].toLowerCase()).find((n) => !names.has(n));
      if (unbound) {
        refuse(entry, `destination uses :${unbound}, which the source does not have`);
        continue;
      }
      const shape = `${segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/')}${prefix ? '/*' : ''}`;
      if (seen.has(shape)) {
        refuse(entry, 'another redirect has the same source');
        continue;
      }
      seen.add(shape);
      rules.push({ id: entry.id, source: entry.source, segments, prefix, destination: entry.destination, status: entry.permanent ? 301 : 302 });
    }
    // A destination that some rule (itself included) would redirect again is a chain or a loop.
    // `:param` segments are tried with a sample value, so a pattern's output is checked too.
    const redirected = (rule: Rule) => {
      const sample = segmentsOf(
        fill(rule.destination, new Map([...rule.destination.matchAll(/:([a-z0-9_]+)/gi)].map((m) => [m[1].toLowerCase(), 'x']))),
      );
      return rules.find((other) => bind(other, sample) !== null);
    };
    const kept = rules.filter((rule) => {
      const next = redirected(rule);
      if (next)
        refuse(rule, next === rule ? 'loop: redirects to itself' : `chain or loop: its destination is redirected by ${next.id} (${next.source})`);
      return !next;
    });
    return new RedirectTable(kept, refused);
  }

  /** Number of entries served. */
  get size(): number {
    return this.rules.length;
  }

  /**
   * Where `path` (pathname only, percent-encoded as received) redirects, or null. Exact sources
   * win over patterns, and longer sources over shorter ones.
   */
  match(path: string): RedirectMatch | null {
    const segments = segmentsOf(path);
    let best: { rule: Rule; params: Map<string, string>; score: number } | null = null;
    for (const rule of this.rules) {
      const params = bind(rule, segments);
      if (!params) continue;
      const literal = rule.segments.filter((s) => !s.startsWith(':')).length;
      const score = (rule.prefix ? 0 : 1000) + literal * 10 + rule.segments.length;
      if (!best || score > best.score) best = { rule, params, score };
    }
    if (!best) return null;
    return { location: fill(best.rule.destination, best.params), status: best.rule.status };
  }
}
