/**
 * Optional JSON seed files in the content dir (`online-store.json`, `checkout.json`): read and
 * validated with their zod schema at start; a missing file is the schema's empty seed (`{}`
 * parsed), which is what a new Shopify shop has.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `{contentDir}/{name}` parsed with `schema`, or `schema.parse({})` when the file is absent.
 * @throws when the file is not JSON or does not match `schema` (the message names the file and the problems)
 */
export function readSeedFile<S extends z.ZodType>(contentDir: string, name: string, schema: S): z.infer<S> {
  const file = path.join(contentDir, name);
  if (!existsSync(file)) return schema.parse({});
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
