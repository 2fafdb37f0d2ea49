// What the support launcher loads when it is first pressed: the chat's state, the loading of the
// vendor widget and the offline dialog. A page that is never asked for help never loads them.
export { $chat, openSupport } from './chat.store';
export { default as OfflineModal } from './OfflineModal';
