import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { membersService } from './service';

runService(membersService);
