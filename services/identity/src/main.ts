import { runService } from '@gavel/service-kit';
import { IDENTITY_SERVICE } from './start.js';

runService(IDENTITY_SERVICE);
