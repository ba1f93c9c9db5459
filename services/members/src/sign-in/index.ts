export { MemberSessionsRepository } from './member-sessions.repository';
