/**
 * The NATS subject catalogue. Requests: `<service>.<entity>.<verb>`; events: `evt.<service>.<entity>.<verb>`.
 * Tests run with a subject prefix; service-kit applies it, so these are always the bare names.
 */
export const SUBJECTS = {
  identity: {
    tenantResolve: 'identity.tenant.resolve',
    principalGet: 'identity.principal.get',
    login: 'identity.auth.login',
    bypass: 'identity.auth.bypass',
    bypassCreate: 'identity.bypass.create',
    me: 'identity.me.get',
    usersList: 'identity.users.list',
    usersGet: 'identity.users.get',
    usersUpdate: 'identity.users.update',
  },
} as const;

export const EVENTS = {
  identity: {
    userCreated: 'evt.identity.user.created',
    userUpdated: 'evt.identity.user.updated',
  },
} as const;

/** The JetStream stream every domain event goes to. */
export const EVENT_STREAM = 'EVENTS';
export const EVENT_SUBJECTS = 'evt.>';
