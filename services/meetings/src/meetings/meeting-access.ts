import { AppError, can, type TRequestContext } from '@gavel/contracts';

export const MEETING_NOT_FOUND = 'Meeting not found.';
export const COMMITTEE_NOT_FOUND = 'Committee not found.';
/** The voting service's words for an unknown email vote (its retrieve/vote answers them too). */
export const EMAIL_VOTE_NOT_FOUND = 'Vote not found.';

/** An email vote this service knows of no copy of: the caller may ask voting, which owns it. */
export class EmailVoteNotFound extends AppError {
  constructor() {
    super('not_found', EMAIL_VOTE_NOT_FOUND);
  }
}

/** Staff: full attendee fields, attendance changes ('modify meeting attendance'). */
export const isStaff = (ctx: TRequestContext) => can(ctx, 'modify meeting attendance');
/** Runner: start/end, voting status ('run meetings'). */
export const isRunner = (ctx: TRequestContext) => can(ctx, 'run meetings');
