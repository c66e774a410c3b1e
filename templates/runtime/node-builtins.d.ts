/**
 * The few Node built-ins `node-transport.ts` uses, declared for the package's own build (it has no
 * dependencies, so no `@types/node`). Only the build sees this file: the declarations the package
 * ships name none of these modules.
 */

declare module 'node:buffer' {
  interface NodeBuffer extends Uint8Array<ArrayBuffer> {
    toString(encoding?: 'utf8'): string;
  }
  export const Buffer: {
    byteLength(text: string): number;
    concat(chunks: readonly Uint8Array[]): NodeBuffer;
  };
  export type Buffer = NodeBuffer;
}

declare module 'node:stream' {
  import type { Buffer } from 'node:buffer';
  class Readable {
    static fromWeb(stream: ReadableStream<Uint8Array>): Readable;
    readonly destroyed: boolean;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    once(event: 'end' | 'close', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    pause(): this;
    resume(): this;
    pipe<T>(destination: T): T;
    destroy(error?: Error): this;
  }
  class Writable {
    destroy(error?: Error): this;
  }
  class Transform extends Readable {}
  export { Readable, Transform, Writable };
}

declare module 'node:timers' {
  interface Timer {
    /** Keeps the process running while the timer runs (the default). */
    ref(): this;
    /** Lets the process exit while the timer runs. */
    unref(): this;
  }
  export function setInterval(callback: () => void, ms: number): Timer;
  export function clearInterval(timer: Timer | undefined): void;
  export function setTimeout(callback: () => void, ms: number): Timer;
  export function clearTimeout(timer: Timer | undefined): void;
}

declare module 'node:http' {
  import type { Readable, Writable } from 'node:stream';
  export type OutgoingHttpHeaders = Record<string, string | number | undefined>;
  export class Agent {
    constructor(options: { keepAlive: boolean; timeout?: number });
    /** Whether a freed socket is kept (Node's sets its keep-alive and idle timer). */
    keepSocketAlive(socket: Socket): boolean;
    /** The sockets waiting in the pool, by origin. */
    readonly freeSockets: Record<string, Socket[]>;
  }
  export interface Socket {
    readonly bytesRead: number;
    readonly bytesWritten: number;
    setKeepAlive(enable: boolean, initialDelay: number): this;
    unref(): this;
    destroy(): this;
  }
  export class IncomingMessage extends Readable {
    readonly statusCode: number | undefined;
    readonly statusMessage: string | undefined;
    readonly rawHeaders: string[];
    readonly complete: boolean;
  }
  export class ClientRequest extends Writable {
    /** The request went out on a socket kept alive from an earlier one. */
    readonly reusedSocket: boolean;
    readonly socket: Socket | null;
    once(event: 'error', listener: (error: Error) => void): this;
    once(event: 'response', listener: (response: IncomingMessage) => void): this;
    end(body?: string | Uint8Array): this;
  }
  export interface RequestOptions {
    method: string;
    hostname: string;
    port: string;
    path: string;
    headers: OutgoingHttpHeaders | string[];
    /** `false`: a connection of its own, not pooled. */
    agent: Agent | false;
  }
  export function request(options: RequestOptions): ClientRequest;
}

declare module 'node:https' {
  import { Agent as HttpAgent, type ClientRequest, type RequestOptions } from 'node:http';
  export class Agent extends HttpAgent {}
  export function request(options: Omit<RequestOptions, 'agent'> & { agent: Agent | false }): ClientRequest;
}

declare module 'node:zlib' {
  import type { Transform } from 'node:stream';
  export function createGunzip(): Transform;
  export function createInflate(): Transform;
}
