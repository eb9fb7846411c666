/**
 * @gavel/voting-rules: the pure rules of spec meetings-and-voting sections 4 and 5 (vote results,
 * quorum and validity, approval, active amendment, status label, result visibility, eligibility,
 * voting flow, motion form), shared by the server and the web app. No runtime dependencies.
 */
export * from './approval.js';
export * from './eligibility.js';
export * from './markup.js';
export * from './motion-form.js';
export * from './motion-status.js';
export * from './results.js';
export * from './time.js';
export * from './types.js';
export * from './validity.js';
export * from './visibility.js';
export * from './voting-flow.js';
