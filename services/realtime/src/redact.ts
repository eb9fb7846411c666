/** Attendee fields only staff ('modify meeting attendance') may receive (spec section 6). */
export const STAFF_ONLY_FIELDS: ReadonlySet<string> = new Set(['email', 'username', 'nrds']);

/**
 * A deep copy of `value` without any STAFF_ONLY_FIELDS key, at any depth. Owning services already build
 * their non-staff payloads without them; this is the realtime service's own guarantee that a payload
 * meant for non-staff never carries them, whatever a publisher got wrong.
 */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!STAFF_ONLY_FIELDS.has(key)) out[key] = redact(inner);
    }
    return out;
  }
  return value;
}
