/**
 * A JSON file that holds one piece of emulator state (carts, orders). Writes are atomic
 * (temp file + rename, so a crash never leaves half a file) and coalesced: `save()` after every
 * change schedules one write; `flush()` waits for it (called on stop).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class JsonFile<T> {
  private pending: Promise<void> | null = null;
  private dirty = false;

  /** `read` gives back the current value to write; it is called at write time, not at `save()`. */
  constructor(
    readonly file: string,
    private readonly read: () => T,
  ) {}

  /** The file's parsed content, or `fallback` when it does not exist yet. @throws on corrupt JSON. */
  static load<T>(file: string, fallback: T): T {
    if (!existsSync(file)) return fallback;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch (error) {
      throw new Error(`${file} is not valid JSON (${(error as Error).message}); move it away to start fresh`);
    }
  }

  /** Schedule a write of the current state. */
  save(): void {
    this.dirty = true;
    this.pending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.write());
  }

  /** Resolve once every scheduled write reached the disk. */
  async flush(): Promise<void> {
    while (this.pending) await this.pending;
  }

  private async write(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        mkdirSync(path.dirname(this.file), { recursive: true });
        const temp = `${this.file}.${process.pid}.tmp`;
        await writeFile(temp, JSON.stringify(this.read(), null, 2));
        await rename(temp, this.file);
      }
    } finally {
      this.pending = null;
    }
  }
}
