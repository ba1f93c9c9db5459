import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { creditsService } from './service';

runService(creditsService);
