/**
 * The Dockerfile read as its stages, for the suites that rebuild an image's layout without a
 * Docker daemon (tests/deploy/compose-sandbox.test.ts, tests/deploy/production-install.test.ts)
 * and the one that checks its Node version (tests/readme/node.test.ts). Only what this
 * Dockerfile uses is understood: `FROM … AS name`, `WORKDIR /app`, `COPY [--from=stage] src… dst`, `RUN`, `CMD [json]`; a line ending in `\` continues on the next.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Where every stage works (its `WORKDIR`). */
export const APP_DIR = '/app';

/** One build stage: its name, what it starts from (an image, or an earlier stage's name) and its instructions, in order. */
export type DockerStage = { name: string; from: string; instructions: string[] };

/** One `COPY` into an image: from the build context (`stage` null) or another stage's /app, to a path under /app. */
export type ImageCopy = { stage: string | null; from: string; to: string };

/** The Dockerfile's stages, in file order (unnamed stages are named by their index). */
export function dockerStages(file = path.join(ROOT, 'Dockerfile')): DockerStage[] {
  const lines = readFileSync(file, 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ name: from[2] ?? String(stages.length), from: from[1], instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

/** `target` and the stages it starts from, the first one first. @throws when there is no such stage */
export function stageChain(target: string, stages = dockerStages()): DockerStage[] {
  const chain: DockerStage[] = [];
  for (let name: string | undefined = target; name !== undefined;) {
    const stage = stages.find((s) => s.name === name);
    if (!stage) {
      if (chain.length === 0) throw new Error(`the Dockerfile has no stage ${target}`);
      break;
    }
    chain.unshift(stage);
    name = stages.some((s) => s.name === stage.from) ? stage.from : undefined;
  }
  return chain;
}

/** A path under /app as a relative path (`./node_modules`, `/app/dist/server` → `node_modules`, `dist/server`). */
function underApp(file: string): string {
  const relative = path.posix.relative(APP_DIR, path.posix.resolve(APP_DIR, file));
  if (relative.startsWith('..')) throw new Error(`${file} is outside ${APP_DIR}`);
  return relative;
}

/**
 * What the image of `target` holds under /app (its own stage and those it starts from): every
 * `COPY` (a destination ending in `/` keeps the source's name), the folders its `RUN mkdir -p`
 * lines make, its `RUN` commands and its `CMD`.
 */
export function imageLayout(target: string, stages = dockerStages()): { copies: ImageCopy[]; folders: string[]; runs: string[]; cmd: string[] } {
  const copies: ImageCopy[] = [];
  const folders: string[] = [];
  const runs: string[] = [];
  let cmd: string[] = [];
  for (const stage of stageChain(target, stages)) {
    for (const line of stage.instructions) {
      const copy = /^COPY\s+(?:--from=(\S+)\s+)?(\S+(?:\s+\S+)+)$/.exec(line);
      if (copy) {
        const [, from, paths] = copy;
        const sources = paths.split(/\s+/);
        const dst = sources.pop()!;
        if (sources.length > 1 && !dst.endsWith('/')) throw new Error(`COPY of several sources to ${dst}, not a folder`);
        for (const src of sources) {
          const source = from ? underApp(src) : path.posix.normalize(src);
          const to = dst.endsWith('/') ? path.posix.join(underApp(dst), path.posix.basename(source)) : underApp(dst);
          copies.push({ stage: from ?? null, from: source, to });
        }
      }
      const run = /^RUN\s+(.*)$/.exec(line);
      if (run) {
        runs.push(run[1]);
        const mkdir = /^mkdir -p (\S+)/.exec(run[1]);
        if (mkdir) folders.push(underApp(mkdir[1]));
      }
      const command = /^CMD\s+(\[.*\])$/.exec(line);
      if (command) cmd = JSON.parse(command[1]) as string[];
    }
  }
  return { copies, folders, runs, cmd };
}
