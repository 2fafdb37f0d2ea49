import type { NotificationType } from '~/lib/notifications/notifications';
import { notify as showNotification } from '~/lib/notifications/notifications.store';
import type { Failure } from '~/lib/store-api/result';

export interface PipelineNotice {
  text: string;
  type: NotificationType;
  id?: string;
}

type Sink = (notice: PipelineNotice) => void;

const toNotifications: Sink = (notice) => {
  showNotification(notice);
};

let sink: Sink = toNotifications;

/** Where the pipeline's own notices (connection lost, logged out) go: $notifications unless replaced. */
export function setNoticeSink(next: Sink | null): void {
  sink = next ?? toNotifications;
}

/** Hands a notice of the pipeline or of a store to the current sink. */
export function sendNotice(notice: PipelineNotice): void {
  sink(notice);
}

/**
 * The generic error handler: a failed call's own text (or `fallback`) as an error notice. A
 * cancelled call says nothing, and a lost connection has had its notice from the pipeline already.
 */
export function notifyFailure(failure: Failure, fallback: string): void {
  if (failure.kind !== 'http') return;
  sendNotice({ text: failure.message || fallback, type: 'error' });
}
