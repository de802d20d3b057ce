import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  EventStreamCodec,
  EventStreamMarshaller,
  EventStreamMarshaller2,
  EventStreamSerde,
  HeaderMarshaller,
  Int64,
  MessageDecoderStream,
  MessageEncoderStream,
  SmithyMessageDecoderStream,
  SmithyMessageEncoderStream,
  eventStreamSerdeProvider,
  eventStreamSerdeProvider2,
  getChunkedStream,
  getMessageUnmarshaller,
  getUnmarshalledStream,
  init_event_streams,
  iterableToReadableStream,
  readableStreamToIterable,
  resolveEventStreamSerdeConfig
} from "./chunk-DPW3YIMI.js";
import "./chunk-FQEOMBEB.js";
import "./chunk-U6TOKP37.js";
import "./chunk-WAR6A6MM.js";
init_event_streams();
export {
  EventStreamCodec,
  EventStreamMarshaller2 as EventStreamMarshaller,
  EventStreamSerde,
  HeaderMarshaller,
  Int64,
  MessageDecoderStream,
  MessageEncoderStream,
  SmithyMessageDecoderStream,
  SmithyMessageEncoderStream,
  EventStreamMarshaller as UniversalEventStreamMarshaller,
  eventStreamSerdeProvider2 as eventStreamSerdeProvider,
  getChunkedStream,
  getMessageUnmarshaller,
  getUnmarshalledStream,
  iterableToReadableStream,
  readableStreamToIterable,
  resolveEventStreamSerdeConfig,
  eventStreamSerdeProvider as universalEventStreamSerdeProvider
};
