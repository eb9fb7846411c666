-- The attempt that used a code: a key the gateway derives from what the browser sends again when it
-- retries (never a secret itself). The same attempt, shortly after, is answered as the first one was, so
-- a sign-in whose answer was lost (a timeout, a session store failure) is not a code used up for nothing.
ALTER TABLE "bypass_codes" ADD COLUMN "used_attempt" TEXT;
