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
  committees: {
    yearsList: 'committees.years.list',
    yearSet: 'committees.year.set',
    committeesList: 'committees.committees.list',
    committeeCreate: 'committees.committee.create',
    committeeGet: 'committees.committee.get',
    committeeUpdate: 'committees.committee.update',
    committeeDelete: 'committees.committee.delete',
    committeeCopy: 'committees.committee.copy',
    membersList: 'committees.members.list',
    memberCreate: 'committees.member.create',
    memberUpdate: 'committees.member.update',
    memberDelete: 'committees.member.delete',
    appointmentsDashboard: 'committees.appointments.dashboard',
    appointmentDecide: 'committees.appointment.decide',
    myCommittees: 'committees.me.committees',
    myAppointmentDecide: 'committees.me.appointment.decide',
  },
} as const;

export const EVENTS = {
  identity: {
    userCreated: 'evt.identity.user.created',
    userUpdated: 'evt.identity.user.updated',
  },
  committees: {
    committeeCreated: 'evt.committees.committee.created',
    committeeUpdated: 'evt.committees.committee.updated',
    committeeDeleted: 'evt.committees.committee.deleted',
    membershipCreated: 'evt.committees.membership.created',
    membershipUpdated: 'evt.committees.membership.updated',
    membershipDeleted: 'evt.committees.membership.deleted',
    resourcesCopyRequested: 'evt.committees.resources.copy-requested',
  },
} as const;

/** The JetStream stream every domain event goes to. */
export const EVENT_STREAM = 'EVENTS';
export const EVENT_SUBJECTS = 'evt.>';
