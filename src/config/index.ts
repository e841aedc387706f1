// Profiles and target resolution for the CLI (and for scripts that want the same precedence).
export * from './paths.js';
export * from './profiles.js';
export * from './resolve.js';
export * from './notices.js';
