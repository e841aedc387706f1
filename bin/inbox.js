#!/usr/bin/env node
// Shim: runs the built CLI bundle (dist/, made by `npm install` through the prepare script).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv);
