// The entry of action/dist/inbox.js: the whole `inbox` CLI in one file, which the action's main step
// starts as `inbox emulate` (also usable as `node inbox.js <command>`).
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv);
