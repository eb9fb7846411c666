import { runService } from '@gavel/service-kit';
import { COMMITTEES_SERVICE } from './start.js';

runService(COMMITTEES_SERVICE);
