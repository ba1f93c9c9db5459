// Entry points for tests that run the service in-process.
export { membersService } from './service';
export { MembersModule } from './app.module';
export { loadMembersConfig } from './config';
export type { Clock } from './clock';
export type { MembersModuleOptions } from './app.module';
export { MemberPassService, PassKeys } from './pass';
