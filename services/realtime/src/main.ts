import { startRealtime } from './start.js';

startRealtime({ handleSignals: true }).catch((err: unknown) => {
  // Config errors name the bad variables; print them plainly.
  console.error('realtime failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
