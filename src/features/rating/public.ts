// What other features may use of the rating page; everything else in this folder is its own.
export { isSameOriginPost } from './rating';
