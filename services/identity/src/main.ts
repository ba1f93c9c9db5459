import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { identityService } from './service';

runService(identityService);
