import { PERMISSIONS } from '@gavel/contracts';
import { z } from 'zod';

const ZOptionalText = z.string().trim().max(255).nullish();

/**
 * Creating a user (the seed, tests and later an admin call). Not a NATS contract yet: there is no
 * subject for it in @gavel/contracts.
 */
export const ZCreateUserInput = z.object({
  first_name: z.string().trim().min(1, 'The first name field is required.').max(255),
  last_name: z.string().trim().min(1, 'The last name field is required.').max(255),
  email: z.string().trim().email('The email must be a valid email address.').max(255),
  /** Plain text; stored as an argon2id hash. Without it the user signs in by bypass code only. */
  password: z.string().min(1).max(1024).nullish(),
  nrds: ZOptionalText,
  displayed_first_name: ZOptionalText,
  nickname: ZOptionalText,
  username: ZOptionalText,
  phone: ZOptionalText,
  external_id: ZOptionalText,
  profile_image_url: z.string().trim().max(2048).nullish(),
  /** Role names of the user's tenant. */
  roles: z.array(z.string().max(255)).max(100, 'A user may have at most 100 roles.').default([]),
  /** Direct permissions. */
  permissions: z.array(z.enum(PERMISSIONS)).default([]),
});
export type TCreateUserInput = z.input<typeof ZCreateUserInput>;
