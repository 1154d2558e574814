/**
 * React DOM's client (`hydrateRoot`), for client/start.tsx to import with `import()` in a task of
 * its own (ADR-0029 decisions 9 and 10). The imports run in order: ./stack-traces-off.ts first,
 * then React DOM's module, then this module's body, which restores stack traces at once, so the
 * window without them is React DOM's evaluation only.
 */
import { restoreStackTraces } from './stack-traces-off';
import { hydrateRoot } from 'react-dom/client';

restoreStackTraces();

export { hydrateRoot };
