import { runService } from '@gavel/service-kit';
import { meetingsService } from './start.js';

try {
  runService(meetingsService());
} catch (err) {
  // Config errors name the bad variables; print them plainly.
  console.error('meetings failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
}
