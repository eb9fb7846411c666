import { startGateway } from './server.js';

startGateway({ handleSignals: true }).catch((err: unknown) => {
  // Config errors name the bad variables; print them plainly.
  console.error('gateway failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
