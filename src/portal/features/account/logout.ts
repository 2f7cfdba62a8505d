/** docs/behaviour.md#constants: after an e-mail change the learner is signed out after 3 seconds. */
export const EMAIL_CHANGE_LOGOUT_MS = 3000;
export const LOGOUT_PATH = '/logout';
