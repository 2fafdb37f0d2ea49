import { notify as showNotification } from '~/components/ui/notifications.store';

export type NoticeType = 'success' | 'warning' | 'error';

export interface PipelineNotice {
  text: string;
  type: NoticeType;
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

export function notify(notice: PipelineNotice): void {
  sink(notice);
}
