// The entry of the CLI bundled into one file with every dependency: the single executable (`npm run
// build:sea`, scripts/build-sea.mjs, which Node 26 runs from inside its own binary) and the CI action's
// action/dist/inbox.js (scripts/build-action.mjs). It does what bin/inbox.js does for the npm package,
// without a dist/ to load: handles a closed pipe and runs main().
import { handleClosedPipes } from './closed-pipes.js';
import { main } from './main.js';

handleClosedPipes();
process.exitCode = await main(process.argv);
