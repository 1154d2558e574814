/**
 * A request must carry exactly one `Host` header (RFC 9112 §3.2: a server must answer 400 to a
 * request with more than one). Node's parser accepts two and keeps the first
 * (`req.headers.host`), while a proxy or cache in front may have used the last: the two would
 * disagree about which site the request is for (cache poisoning, routing around a check). Such a
 * request is refused before anything reads it. The shop itself never builds a URL from the Host
 * header (absolute URLs come from SITE_URL, docs/architecture.md §4.1).
 */
import type { RequestHandler } from 'express';
import { CACHE } from './request-policy';

/** 400 `no-store`, connection closed, for a request with two or more Host headers. */
export const singleHost: RequestHandler = (req, res, next) => {
  let hosts = 0;
  // rawHeaders is [name, value, name, value, …] as received, duplicates included.
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts <= 1) return next();
  res.setHeader('Cache-Control', CACHE.noStore);
  res.setHeader('Connection', 'close');
  res.status(400).type('text/plain').send('Bad Request: more than one Host header.');
};
