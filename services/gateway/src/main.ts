import { runMain } from '@gavel/service-kit';
import { startGateway } from './server.js';

runMain('gateway', () => startGateway({ handleSignals: true }));
