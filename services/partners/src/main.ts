import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { partnersService } from './service';

runService(partnersService);
