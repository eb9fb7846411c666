import { EVENT_STREAM } from '@gavel/contracts';

/** Applies the deployment's subject prefix (empty in production, unique per test file in tests). */
export function prefixed(prefix: string, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject;
}

/** Removes the prefix from a subject received from NATS. */
export function unprefixed(prefix: string, subject: string): string {
  return prefix && subject.startsWith(`${prefix}.`) ? subject.slice(prefix.length + 1) : subject;
}

export function streamName(prefix: string): string {
  return prefix ? `${prefix.toUpperCase()}_${EVENT_STREAM}` : EVENT_STREAM;
}
