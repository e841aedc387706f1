// Running from source (tests, `tsx`): the worker loads its TypeScript entry through tsx. The bundle
// has its own compiled entry (dist/mail-reader-worker.js) and never uses this file.
import { register } from 'tsx/esm/api';

register();
await import('./mail-reader-worker.ts');
