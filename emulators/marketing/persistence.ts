/**
 * The marketing emulator's state file, `<dataDir>/marketing/records.json`. Writes are atomic
 * (a temp file renamed over the old one, so a crash never leaves half a file) and debounced:
 * `save()` after every change schedules one write `debounceMs` (default 50 ms) after the last
 * change; `flush()` writes at once and waits (called on stop, and by `DELETE /__emulator/records`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DebouncedJsonFile<T> {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  /** `read` gives the value to write; it is called at write time, not at `save()`. */
  constructor(
    readonly file: string,
    private readonly read: () => T,
    private readonly debounceMs = 50,
  ) {}

  /** The file's parsed content, or `fallback` when there is no file yet. @throws on corrupt JSON */
  static load<T>(file: string, fallback: T): T {
    if (!existsSync(file)) return fallback;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch (error) {
      throw new Error(`${file} is not valid JSON (${(error as Error).message}); move it away to start fresh`);
    }
  }

  /** Schedules a write `debounceMs` after the last call. */
  save(): void {
    this.dirty = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch((error: unknown) => {
        process.stderr.write(`marketing emulator: could not write ${this.file}: ${String(error)}\n`);
      });
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes pending changes now; resolves once they are on disk. @throws the write error */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // Writes are chained, so two flushes never rename over each other half-way.
    const next = this.writing.then(() => this.writeIfDirty());
    this.writing = next.catch(() => {});
    await next;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(this.read(), null, 2));
      await rename(temp, this.file);
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
}
