import { z } from 'zod';
import { ZResultVisibility } from './enums.js';
import { numberInput } from './numbers.js';
import { sessionReply } from './reply.js';
import { oneLineText } from './text.js';

const ZId = z.string().min(1);
const ZOptionalText = oneLineText().max(255).nullable();

/**
 * The association's vote wording and motion default (meetings spec section 9): the abstain label
 * (default Abstain), whether abstain is offered, whether vote progress shows, and the result visibility
 * new motions get (null: show).
 */
export const ZVotingSettings = z.object({
  abstain_label: z.string().min(1),
  hide_abstain: z.boolean(),
  show_vote_progress: z.boolean(),
  default_result_visibility: ZResultVisibility.nullable(),
});
export type TVotingSettings = z.infer<typeof ZVotingSettings>;
/** What an association has until it configures otherwise (the identity schema's column defaults). */
export const DEFAULT_VOTING_SETTINGS: TVotingSettings = {
  abstain_label: 'Abstain',
  hide_abstain: false,
  show_vote_progress: true,
  default_result_visibility: null,
};

export const ZTenant = z.object({
  id: ZId,
  name: z.string(),
  uses_nicknames: z.boolean(),
  default_from_name: z.string().nullable(),
  company: z.string().nullable(),
  /** IANA time zone of the association's meetings ("today" for Start Meeting); null: the deployment's. */
  time_zone: z.string().nullable(),
  voting: ZVotingSettings,
});
export type TTenant = z.infer<typeof ZTenant>;

/** A user as the spec's entity lists it (section 3); `name` is the display name. */
export const ZUser = z.object({
  id: ZId,
  nrds: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  displayed_first_name: z.string(),
  nickname: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  verified_phone: z.string().nullable(),
  profile_display_url: z.string().nullable(),
  external_id: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** A role and what it grants: its permissions each with a name (admin spec section 3, User). */
export const ZRole = z.object({
  id: ZId,
  name: z.string(),
  permissions: z.array(z.object({ name: z.string() })),
});
export type TRole = z.infer<typeof ZRole>;

/** GET /api/me: the signed-in user, their roles, effective permissions and tenant. */
export const ZMe = z.object({
  user: ZUser,
  roles: z.array(ZRole),
  permissions: z.array(z.string()),
  tenant: ZTenant,
});
export type TMe = z.infer<typeof ZMe>;

// ---- gateway-internal lookups ----
export const ZTenantResolveInput = z.object({ host: z.string().min(1) });
export const ZTenantResolveReply = ZTenant.nullable();
/** identity.tenant.get: the caller's tenant (ctx.tenantId); answers like tenant.resolve. */
export const ZTenantGetInput = z.object({});

export const ZPrincipalGetInput = z.object({ userId: ZId });
export const ZPrincipalReply = z
  .object({ userId: ZId, roles: z.array(z.string()), permissions: z.array(z.string()) })
  .nullable();
export type TPrincipalReply = z.infer<typeof ZPrincipalReply>;

// ---- auth ----
export const ZLoginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .email('The email must be a valid email address.'),
  password: z.string().min(1, 'The password field is required.'),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;
export const ZLoginReply = sessionReply(ZMe);

export const BYPASS_CODE_LENGTH = 6;
export const ZBypassInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, 'The code must be 6 letters or digits.'),
});
export type TBypassInput = z.infer<typeof ZBypassInput>;
/**
 * What the gateway sends identity to redeem a code: the HTTP body plus `attempt`, the gateway's key of this
 * sign-in attempt (a hash of what the browser sends again when it retries). Not in ZBypassInput: a browser
 * does not send it, the gateway adds it.
 */
export const ZBypassRedeemInput = ZBypassInput.extend({
  attempt: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/)
    .optional(),
});
export type TBypassRedeemInput = z.output<typeof ZBypassRedeemInput>;
export const ZBypassBody = z.object({ to: z.string() });
export const ZBypassReply = sessionReply(ZBypassBody);

export const ZBypassCreateInput = z.object({
  userId: ZId,
  to: z.string().startsWith('/').default('/'),
  ttlMinutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60 * 24),
});
export const ZBypassCreateReply = z.object({ code: z.string(), to: z.string(), expires_at: z.string() });

// ---- users ----
/** POST /api/admin/users/list; empty criteria are ignored, matching is case-insensitive. */
export const ZUserListInput = z.object({
  nrds: z.string().trim().max(255).optional().nullable(),
  first_name: z.string().trim().max(255).optional().nullable(),
  last_name: z.string().trim().max(255).optional().nullable(),
  email: z.string().trim().max(255).optional().nullable(),
  /**
   * Free text for typeaheads: every word must match one of the user search fields (first_name,
   * last_name, nickname, email, nrds, username, external_id, and the displayed first name),
   * case-insensitively.
   */
  query: z.string().trim().max(255).optional().nullable(),
  /** At most this many results (typeaheads ask for 10); the default is USER_SEARCH_LIMIT. */
  limit: numberInput(z.number().int().min(1).max(50)).optional(),
});
export type TUserListInput = z.infer<typeof ZUserListInput>;

/** A user search result (meetings spec section 3) plus what a typeahead shows. */
export const ZUserSearchResult = z.object({
  id: ZId,
  nrds: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  displayed_first_name: z.string(),
  sort_name: z.string(),
  name: z.string(),
  email: z.string(),
  profile_display_url: z.string().nullable(),
});
export type TUserSearchResult = z.infer<typeof ZUserSearchResult>;
export const ZUserListReply = z.array(ZUserSearchResult);
export const USER_SEARCH_LIMIT = 50;

export const ZUserIdParams = z.object({ id: ZId });

/** The user edit page: the user, their role names, and the tenant's roles to choose from. */
export const ZUserEditView = z.object({
  user: ZUser,
  /** The displayed first name as set for the user; null when the first name itself is shown. */
  own_displayed_first_name: z.string().nullable(),
  roles: z.array(z.string()),
  available_roles: z.array(ZRole),
});
export type TUserEditView = z.infer<typeof ZUserEditView>;

export const ZUserUpdateInput = z.object({
  id: ZId,
  first_name: oneLineText().min(1, 'The first name field is required.').max(255),
  last_name: oneLineText().min(1, 'The last name field is required.').max(255),
  displayed_first_name: ZOptionalText.optional(),
  nickname: ZOptionalText.optional(),
  email: z.string().trim().email('The email must be a valid email address.').max(255),
  roles: z.array(z.string().max(255)).max(100, 'A user may have at most 100 roles.'),
});
export type TUserUpdateInput = z.infer<typeof ZUserUpdateInput>;

// ---- events ----
/** Display copy other services keep of a user. */
export const ZUserEvent = z.object({
  tenantId: ZId,
  user: ZUser.pick({
    id: true,
    nrds: true,
    first_name: true,
    last_name: true,
    displayed_first_name: true,
    nickname: true,
    name: true,
    email: true,
    username: true,
    profile_display_url: true,
  }),
});
export type TUserEvent = z.infer<typeof ZUserEvent>;
