import { runMain } from '@gavel/service-kit';
import { startRealtime } from './start.js';

runMain('realtime', () => startRealtime({ handleSignals: true }));
