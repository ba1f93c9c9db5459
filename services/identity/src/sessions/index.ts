// sessions/: what other folders of the identity service may use (avpass/folder-boundaries).

export { Session } from './session.entity';
export { SessionsRepository } from './sessions.repository';
export { SessionsService, type LiveSession, type SessionUser } from './sessions.service';
export { SessionRevocations } from './session-revocations';
