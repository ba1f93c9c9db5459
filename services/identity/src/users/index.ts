// users/: what other folders of the identity service may use (avpass/folder-boundaries).

export { PasswordHasher } from './password-hasher';
export { User } from './user.entity';
export { displayNameOf, toCurrentUser } from './user.mapper';
export { UsersRepository } from './users.repository';
export { UsersHandlers } from './users.handlers';
export { UsersService } from './users.service';
