import { answerNotRead, endpoint } from '../endpoint';

/** Widgets and sinks. */
export const chatWidget = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: 'chat/widget.js',
  flag: 'chatWidget',
  proxy: 'plain',
  decode: answerNotRead,
});
export const analytics = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: 'analytics',
  flag: 'analytics',
  proxy: 'plain',
  decode: answerNotRead,
});
