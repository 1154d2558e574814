/**
 * SIGTERM under keep-alive load, for the fault suite: the run tests/server/shutdown.test.ts
 * asserts on (tests/support/sigterm-load.ts: 16 clients rendering pages in a loop, each on its
 * own keep-alive connection, a `/readyz` probe beside them), on the production bundle as
 * `npm start` runs it with the page cache off (answers are in flight when the signal comes).
 * Figures only.
 */
import { startShopProcess } from '../../tests/support/shop-process';
import { sigtermFigures, sigtermUnderLoad } from '../../tests/support/sigterm-load';

/** `sigtermFigures`, with `/readyz`'s answers from the signal on, in order, repeats counted (`503×4`). */
export async function sigtermRun(env: Record<string, string>): Promise<ReturnType<typeof sigtermFigures> & { readyzAfterSignal: string }> {
  const shop = await startShopProcess({ env: { ...env, PAGE_CACHE: 'off' } });
  try {
    const run = await sigtermUnderLoad(shop);
    const answers = run.readyz.filter((o) => o.sentAt >= run.signalAt).map((o) => String(o.status ?? o.error));
    const runs: string[] = [];
    for (let i = 0; i < answers.length;) {
      let j = i;
      while (j < answers.length && answers[j] === answers[i]) j += 1;
      runs.push(j - i > 1 ? `${answers[i]}×${j - i}` : answers[i]);
      i = j;
    }
    return { ...sigtermFigures(run), readyzAfterSignal: runs.join(' ') || 'none' };
  } finally {
    await shop.stop();
  }
}
