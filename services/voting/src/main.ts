import { runMain } from '@gavel/service-kit';
import { startVoting } from './start.js';

runMain('voting', () => startVoting(process.env, { handleSignals: true }));
