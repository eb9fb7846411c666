import { startVoting } from './start.js';

// A bad variable throws before a promise exists, a failed start rejects it: both end the same way.
function failed(err: unknown): never {
  console.error('voting failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
}

try {
  startVoting(process.env, { handleSignals: true }).catch(failed);
} catch (err) {
  failed(err);
}
