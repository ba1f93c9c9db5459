// google/: what other folders of the wallet service may use (avpass/folder-boundaries).

export { GoogleWalletApi, GoogleWalletError } from './google-wallet';
