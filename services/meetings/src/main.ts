import { runMain, startService } from '@gavel/service-kit';
import { meetingsService } from './start.js';

runMain('meetings', () => startService(meetingsService()));
