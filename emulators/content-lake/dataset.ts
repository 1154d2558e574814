/**
 * The seed dataset: `{contentDir}/dataset.ndjson`, one Sanity document (JSON object with a
 * string `_id` and `_type`) a line, read once at start; the emulator never writes to it (mutations change its in-memory copy).
 */
import { readFile } from 'node:fs/promises';

export type SanityDocument = { _id: string; _type: string; [field: string]: unknown };

/**
 * Read and validate an NDJSON dataset. Blank lines are skipped.
 * @throws Error naming the file and 1-based line of the first invalid or id-less document.
 */
export async function loadDataset(file: string): Promise<SanityDocument[]> {
  const text = await readFile(file, 'utf8');
  const documents: SanityDocument[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${index + 1}: invalid JSON (${(error as Error).message})`);
    }
    if (!isDocument(doc)) throw new Error(`${file}:${index + 1}: a document needs string _id and _type`);
    documents.push(doc);
  });
  return documents;
}

function isDocument(value: unknown): value is SanityDocument {
  const doc = value as Partial<SanityDocument> | null;
  return typeof doc === 'object' && doc !== null && typeof doc._id === 'string' && typeof doc._type === 'string';
}
