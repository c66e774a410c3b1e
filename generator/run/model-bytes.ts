import { DefaultDeserializer, DefaultSerializer } from 'node:v8';
import type { ApiModel } from '../model/types.ts';
import type { SchemaTypesInput } from '../emit/schema-types.ts';

/*
 * A model crosses threads as bytes, serialized once where it was built (the spec thread for a big
 * spec) into shared memory: the main thread passes the same bytes on to both emit threads without
 * reading or copying them, and reads them itself only if it must do an emit thread's work.
 */

/** The model's fields the schema types' emitter reads: written first, so that its thread reads no more. */
const SCHEMA_PART = ['schemas', 'enums', 'title', 'version', 'hasMoney'] as const;

/** A serialized model (a structured clone, so it crosses a thread as it is; the buffer is shared, not copied). */
export interface ModelBytes {
  /** The schema types' part, then the model's other fields and their order. */
  buffer: SharedArrayBuffer;
  /** Read without the bytes: the emit stage checks it before anything is emitted. */
  clientName: string;
}

/**
 * Serializes a model. One serializer writes both values, so an object both reach (a schema an
 * operation also holds) is written once and read back as one object, as a single clone would.
 */
export function serializeModel(model: ApiModel): ModelBytes {
  const serializer = new DefaultSerializer();
  serializer.writeHeader();
  const fields = model as unknown as Record<string, unknown>;
  const part: Record<string, unknown> = {};
  for (const key of SCHEMA_PART) part[key] = fields[key];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (!(key in part)) rest[key] = value;
  serializer.writeValue(part);
  serializer.writeValue({ keys: Object.keys(fields), rest });
  const written = serializer.releaseBuffer();
  const buffer = new SharedArrayBuffer(written.length);
  new Uint8Array(buffer).set(written);
  return { buffer, clientName: model.clientName };
}

function reader(bytes: ModelBytes): DefaultDeserializer {
  const deserializer = new DefaultDeserializer(Buffer.from(bytes.buffer));
  deserializer.readHeader();
  return deserializer;
}

/** Only the schema types' part of a serialized model. */
export function readSchemaPart(bytes: ModelBytes): SchemaTypesInput {
  return reader(bytes).readValue() as SchemaTypesInput;
}

/** The whole model, its fields in their order. */
export function readModel(bytes: ModelBytes): ApiModel {
  const deserializer = reader(bytes);
  const part = deserializer.readValue() as Record<string, unknown>;
  const { keys, rest } = deserializer.readValue() as { keys: string[]; rest: Record<string, unknown> };
  const model: Record<string, unknown> = {};
  for (const key of keys) model[key] = key in rest ? rest[key] : part[key];
  return model as unknown as ApiModel;
}

/**
 * A model as this thread holds it: the object (built here, or read from its bytes when first
 * asked), its bytes (received, or serialized when a thread is first sent it), or both.
 */
export class ModelHandle {
  private static readonly handles = new WeakMap<object, ModelHandle>();

  private constructor(
    private live: ApiModel | undefined,
    private serialized: ModelBytes | undefined,
    readonly clientName: string,
  ) {}

  /** The handle of a model built on this thread: the same one each time it is asked for that model. */
  static of(model: ApiModel): ModelHandle {
    let handle = ModelHandle.handles.get(model);
    if (!handle)
      ModelHandle.handles.set(model, (handle = new ModelHandle(model, undefined, model.clientName)));
    return handle;
  }

  /** A handle as it is, a model's handle (see `of`). */
  static from(model: ApiModel | ModelHandle): ModelHandle {
    return model instanceof ModelHandle ? model : ModelHandle.of(model);
  }

  /** The handle of a model received as bytes. */
  static received(bytes: ModelBytes): ModelHandle {
    return new ModelHandle(undefined, bytes, bytes.clientName);
  }

  /** The bytes to send a thread (serialized at the first send of a model built here). */
  bytes(): ModelBytes {
    return (this.serialized ??= serializeModel(this.live!));
  }

  /** The model itself, for work done on this thread (read from the bytes at the first ask). */
  model(): ApiModel {
    return (this.live ??= readModel(this.serialized!));
  }

  /** The schema types' part, for their emitter on this thread. */
  schemaPart(): SchemaTypesInput {
    return this.live ?? readSchemaPart(this.serialized!);
  }
}
