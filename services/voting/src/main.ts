import { startVoting } from './start.js';

startVoting(process.env, { handleSignals: true }).catch((err: unknown) => {
  console.error('voting failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
