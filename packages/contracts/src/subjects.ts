/**
 * The NATS subject catalogue. Requests: `<service>.<entity>.<verb>`; events: `evt.<service>.<entity>.<verb>`.
 * Tests run with a subject prefix; service-kit applies it, so these are always the bare names.
 */
export const SUBJECTS = {
  identity: {
    tenantResolve: 'identity.tenant.resolve',
    /** The caller's tenant (ctx.tenantId), for services that need its settings off their hot paths. */
    tenantGet: 'identity.tenant.get',
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
  meetings: {
    channelAccess: 'meetings.channel.access',
    meetingsList: 'meetings.meetings.list',
    meetingGet: 'meetings.meeting.get',
    meetingCreate: 'meetings.meeting.create',
    meetingUpdate: 'meetings.meeting.update',
    meetingDelete: 'meetings.meeting.delete',
    meetingStart: 'meetings.meeting.start',
    meetingEnd: 'meetings.meeting.end',
    meetingJoin: 'meetings.meeting.join',
    meetingCalendar: 'meetings.meeting.calendar',
    rsvpSet: 'meetings.rsvp.set',
    rsvpDelete: 'meetings.rsvp.delete',
    attendanceSet: 'meetings.attendance.set',
    attendanceDelete: 'meetings.attendance.delete',
    /** Internal (no API route): one member's check-in as the meetings service holds it now. */
    attendanceOfMember: 'meetings.attendance.of-member',
    /** Internal (no API route): every attendee of a meeting as the meetings service holds them now. */
    attendanceOfMeeting: 'meetings.attendance.of-meeting',
    retrieveMeeting: 'meetings.retrieve.meeting',
    retrieveAttendance: 'meetings.retrieve.attendance',
    retrieveVoteAttendance: 'meetings.retrieve.vote-attendance',
    myMeetings: 'meetings.me.meetings',
  },
  voting: {
    channelAccess: 'voting.channel.access',
    voteLive: 'voting.vote.live',
    motionsRetrieve: 'voting.motions.retrieve',
    motionCreate: 'voting.motion.create',
    motionUpdate: 'voting.motion.update',
    motionDelete: 'voting.motion.delete',
    motionHide: 'voting.motion.hide',
    motionAmend: 'voting.motion.amend',
    motionsResort: 'voting.motions.resort',
    voteStart: 'voting.vote.start',
    voteUnanimous: 'voting.vote.unanimous',
    voteAddTime: 'voting.vote.time',
    voteClose: 'voting.vote.close',
    responseCast: 'voting.response.cast',
    memberStatus: 'voting.member.status',
    emailVoteGet: 'voting.email-vote.get',
    emailVoteCreate: 'voting.email-vote.create',
    emailVoteUpdate: 'voting.email-vote.update',
    emailVoteDelete: 'voting.email-vote.delete',
    emailVotesList: 'voting.email-votes.list',
    emailVoteMemberStatus: 'voting.email-vote.member-status',
    myVotes: 'voting.me.votes',
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
    currentYearSet: 'evt.committees.current-year.set',
  },
  meetings: {
    meetingCreated: 'evt.meetings.meeting.created',
    meetingUpdated: 'evt.meetings.meeting.updated',
    meetingStarted: 'evt.meetings.meeting.started',
    meetingEnded: 'evt.meetings.meeting.ended',
    meetingDeleted: 'evt.meetings.meeting.deleted',
    attendanceUpdated: 'evt.meetings.attendance.updated',
    attendanceDeleted: 'evt.meetings.attendance.deleted',
  },
  voting: {
    voteStarted: 'evt.voting.vote.started',
    voteUpdated: 'evt.voting.vote.updated',
    voteClosed: 'evt.voting.vote.closed',
    voteEnded: 'evt.voting.vote.ended',
    voteDeleted: 'evt.voting.vote.deleted',
    motionCreated: 'evt.voting.motion.created',
    motionUpdated: 'evt.voting.motion.updated',
    motionDeleted: 'evt.voting.motion.deleted',
    motionSorted: 'evt.voting.motion.sorted',
    emailVoteCreated: 'evt.voting.email-vote.created',
    emailVoteUpdated: 'evt.voting.email-vote.updated',
    emailVoteDeleted: 'evt.voting.email-vote.deleted',
  },
  realtime: {
    broadcast: 'evt.realtime.broadcast',
  },
} as const;

/**
 * Every event of one entity (`evt.{service}.{entity}.*`): what a durable consumer subscribes to, one
 * wildcard subject each (nats-server 2.9 allows one filter subject per consumer).
 */
export const EVENT_FAMILIES = {
  users: 'evt.identity.user.*',
  committees: 'evt.committees.committee.*',
  memberships: 'evt.committees.membership.*',
  currentYear: 'evt.committees.current-year.*',
  meetings: 'evt.meetings.meeting.*',
  attendance: 'evt.meetings.attendance.*',
  votes: 'evt.voting.vote.*',
  emailVotes: 'evt.voting.email-vote.*',
} as const;

/** The JetStream stream every domain event goes to. */
export const EVENT_STREAM = 'EVENTS';
export const EVENT_SUBJECTS = 'evt.>';
