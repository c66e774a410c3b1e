import type { OperationTypes } from '../operations.js';
import type { AudienceUser } from '../models.js';
type UploadOperation = OperationTypes['updateCustomAudienceUsers'];
/** A user ready to send: every identifier normalised and SHA-256-hashed (lowercase hex), except `partner_user_id`. */
export type HashedAudienceUser = AudienceUser;
/**
 * Normalises and SHA-256-hashes every identifier of a user with WebCrypto (the partner's own ids
 * stay as they are). An identifier that is empty after normalisation is a ValidationError.
 */
export declare function hashAudienceUser(user: AudienceUser): Promise<HashedAudienceUser>;
/** What `uploadAudienceUsers` sends. */
export interface AudienceUpload {
  account_id: string;
  custom_audience_id: string;
  /** `Update` adds the users, `Delete` removes them. */
  operation_type: 'Update' | 'Delete';
  users: AudienceUser[];
  /** When the change takes effect (ISO 8601, UTC); default now. */
  effective_at?: string;
  /** When the users leave the audience (ISO 8601, UTC); later than `effective_at`. */
  expires_at?: string;
}
/** The client surface the helper needs: `call` by operationId, as the generated client has it. */
export interface AudienceUploadClient {
  call(
    operationId: 'updateCustomAudienceUsers',
    params: UploadOperation['params'],
    options?: UploadOperation['options'],
  ): UploadOperation['result'];
}
/** The result of an upload: one entry per request, in order. */
export interface AudienceUploadResult {
  /** Users sent in all. */
  users: number;
  batches: {
    users: number;
    success_count: number;
    total_count: number;
  }[];
}
/** A batch failed, or its counts did not match what was sent; the batches before it were applied. */
export declare class AudienceUploadError extends Error {
  /** Index of the failed request (0-based). */
  readonly batch: number;
  /** Users in that request. */
  readonly sent: number;
  /** The counts the server answered with, when it answered 2xx. */
  readonly counts?:
    | {
        success_count: unknown;
        total_count: unknown;
      }
    | undefined;
  readonly name = 'AudienceUploadError';
  constructor(
    /** Index of the failed request (0-based). */
    batch: number,
    /** Users in that request. */
    sent: number,
    message: string,
    /** The counts the server answered with, when it answered 2xx. */
    counts?:
      | {
          success_count: unknown;
          total_count: unknown;
        }
      | undefined,
    options?: {
      cause?: unknown;
    },
  );
  /** Request-level (`errors`) and per-operation (`operation_errors`, by input index) errors of a rejected batch. */
  get batchErrors():
    | {
        errors: unknown;
        operation_errors: unknown;
      }
    | undefined;
}
/**
 * Hashes users and uploads them to a custom audience, split into requests within the limits
 * (2,500 users and 5,000,000 bytes each). After each request, `success_count` must equal
 * `total_count` and the number of users sent; otherwise it fails naming the batch.
 */
export declare function uploadAudienceUsers(
  client: AudienceUploadClient,
  upload: AudienceUpload,
  options?: UploadOperation['options'],
): Promise<AudienceUploadResult>;
export {};
