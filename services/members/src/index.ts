// Entry points for tests that run the service in-process.
export { membersService } from './service';
export { MembersModule } from './app.module';
export { loadMembersConfig } from './config';
// The member pass's interim signing key (issue 43): tests verify the static code with its public key.
export { passSigningKey } from './pass-wallet/pass-signing-key';
