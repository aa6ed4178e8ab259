// @shared/account: login by e-mail link and the guest's account.
// Not in the eager embed runtime: loaded when a token is found at start or a login widget shows.
export * from './texts';
export * from './rules';
export { requestLink, signup, AccountCallError, type AccountOrder, type LinkOutcome } from './api';
export {
  $token, $user, $justLoggedIn, $accountDialog, openAccountDialog, closeAccountDialog, startAccount, clearLogin, logout,
  loginWithToken, saveName, saveBirthday, saveAddress, saveAdvertisement, loadOrders, deleteAccount, setAccountEnv, type SaveResult,
} from './store';
