// What other features may use of the support chat; everything else in this folder is the chat's own.
export { requestSupport } from './support-request';
