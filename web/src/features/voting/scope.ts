/** Where a motions list lives: a meeting, or an email vote. */
export type MotionScope =
  | { kind: 'meeting'; committeeCode: string; meetingCode: string }
  | { kind: 'vote'; committeeCode: string; voteCode: string };

/** The meeting's or email vote's own code. */
export function scopeCode(scope: MotionScope): string {
  return scope.kind === 'meeting' ? scope.meetingCode : scope.voteCode;
}

const enc = encodeURIComponent;

/** `/meeting/{c}/{m}` or `/vote/{c}/{v}` (the spec's {base}, without /api). */
export function publicBase(scope: MotionScope): string {
  return `/${scope.kind}/${enc(scope.committeeCode)}/${enc(scopeCode(scope))}`;
}

/** `/admin/committee/{c}/meeting/{m}` or `/admin/committee/{c}/vote/{v}` (the spec's {admin base}, without /api). */
export function adminBase(scope: MotionScope): string {
  return `/admin/committee/${enc(scope.committeeCode)}/${scope.kind}/${enc(scopeCode(scope))}`;
}
