// The sends folder's entry: what the composition root wires.
export { ConsentRepliesService } from './consent-replies.service';
export { DeliveriesErasure } from './deliveries-erasure';
export { DeliveriesRepository } from './deliveries.repository';
export { DeliveriesService } from './deliveries.service';
export { LinkTokens } from './link-tokens';
export { MemberMailTemplate } from './member-mail-template';
export { SendExpander } from './send-expander';
export { SendMessages } from './send-messages';
export { SendsHandlers } from './sends.handlers';
export { SendsRepository } from './sends.repository';
export { SendsService } from './sends.service';
export { VoucherIssuer } from './voucher-issuer';
