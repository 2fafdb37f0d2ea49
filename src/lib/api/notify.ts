import type { NotificationType } from '~/lib/notifications/notifications';
import { notify as showNotification } from '~/lib/notifications/notifications.store';

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
