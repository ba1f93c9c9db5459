// settings/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { VoucherSettingsRepository } from './voucher-settings.repository';
export { type MappingContext, VouchersSettings } from './vouchers-settings';
