import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { auditService } from './service';

runService(auditService);
