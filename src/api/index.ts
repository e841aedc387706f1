// The wire contract, zod-free entry: plans, errors, routes. Schemas live in ./schemas.js.
export * from './plans.js';
export * from './errors.js';
export * from './routes.js';
