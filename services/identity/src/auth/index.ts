// auth/: sign-in, sessions' resolution and the first administrator; the composition root wires it
// (avpass/folder-boundaries). auth/ uses users/, sessions/ and partner-statuses/; none of them uses auth/.

export { AdminBootstrap } from './admin-bootstrap';
export { AuthHandlers } from './auth.handlers';
export { AuthService } from './auth.service';
export { LoginThrottle } from './login-throttle';
export { SessionActorsRepository } from './session-actors.repository';
