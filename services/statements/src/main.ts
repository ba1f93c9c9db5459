import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { statementsService } from './service';

runService(statementsService);
