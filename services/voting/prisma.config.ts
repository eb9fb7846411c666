// `prisma generate` must work offline and with no environment at all: without this it first tries to
// download a schema engine (which the `prisma-client` generator never needs). Set before anything else.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false';

import { defineConfig } from 'prisma/config';

// No datasource URL: the service builds its client on the `pg` driver adapter from DATABASE_URL at boot,
// and migrations are applied by service-kit's runner (see prisma/migrations).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
