// allocations/: partner allocations (allocate, record use, return, the lists). Nothing in another folder
// uses it: app.module (the composition root) wires its handlers, service and repository.

export { AllocationsHandlers } from './allocations.handlers';
export { AllocationsRepository } from './allocations.repository';
export { AllocationsService } from './allocations.service';
