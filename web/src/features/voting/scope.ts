import type { PageScope } from '@/lib/page-scope';
import { meetingAdminBase, meetingBase, voteAdminBase, voteBase } from '@/lib/paths';

/** The meeting's or email vote's own code. */
export function scopeCode(scope: PageScope): string {
  return scope.kind === 'meeting' ? scope.meetingCode : scope.voteCode;
}

/** The scope's {base}: its meeting base or vote base (lib/paths). */
export function publicBase(scope: PageScope): string {
  return scope.kind === 'meeting'
    ? meetingBase(scope.committeeCode, scope.meetingCode)
    : voteBase(scope.committeeCode, scope.voteCode);
}

/** The scope's {admin base}: its meeting's or email vote's admin base (lib/paths). */
export function adminBase(scope: PageScope): string {
  return scope.kind === 'meeting'
    ? meetingAdminBase(scope.committeeCode, scope.meetingCode)
    : voteAdminBase(scope.committeeCode, scope.voteCode);
}

/** `{admin base}/motion/{id}` (the motion's edit page and its calls), then `rest`. */
export function motionPath(scope: PageScope, motionId: string, rest = ''): string {
  return `${adminBase(scope)}/motion/${encodeURIComponent(motionId)}${rest}`;
}
