// i18n/: the service's catalog of what it writes to people (decision 354).

export { localizedString, localizedWord, WALLET_CATALOG } from './wallet-catalog';
export { passText, passWords, type PassWords, type WalletKey } from './pass-words';
