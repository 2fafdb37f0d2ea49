export type NoticeType = 'success' | 'warning' | 'error';

export interface PipelineNotice {
  text: string;
  type: NoticeType;
  id?: string;
}

type Sink = (notice: PipelineNotice) => void;

let sink: Sink = () => undefined;

/** Where the pipeline's own notices (connection lost, logged out) go. */
export function setNoticeSink(next: Sink): void {
  sink = next;
}

export function notify(notice: PipelineNotice): void {
  sink(notice);
}
