import { type TBypassInput, type TLoginInput, type TMe, ZBypassBody, ZMe } from '@gavel/contracts';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';

const ZOk = z.object({ ok: z.literal(true) });

/** The signed-in user, or null when nobody is signed in (401). */
export async function fetchMe(signal?: AbortSignal): Promise<TMe | null> {
  try {
    return await api.get(ZMe, '/me', signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function login(input: TLoginInput): Promise<TMe> {
  return api.post(ZMe, '/auth/login', input);
}

export function logout(): Promise<z.infer<typeof ZOk>> {
  return api.post(ZOk, '/auth/logout');
}

/** Checks a one-time bypass code; answers where to go next. */
export function submitBypassCode(input: TBypassInput): Promise<z.infer<typeof ZBypassBody>> {
  return api.post(ZBypassBody, '/auth/bypass', input);
}
