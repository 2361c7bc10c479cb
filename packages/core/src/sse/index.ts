export {
  createEventStreamParser,
  type EventStreamHandlers,
  type EventStreamOptions,
  type EventStreamParser,
  type ServerSentEvent,
} from './event-stream-parser';
export {
  type EventStreamBody,
  type EventStreamSignal,
  type ReadEventStreamOptions,
  readEventStream,
} from './read-event-stream';
