import { ApiError, ValidationError } from './errors.js';
import type { OperationTypes } from '../operations.js';
import type { AudienceUser } from '../models.js';

type UploadOperation = OperationTypes['updateCustomAudienceUsers'];

/** A user ready to send: every identifier normalised and SHA-256-hashed (lowercase hex), except `partner_user_id`. */
export type HashedAudienceUser = AudienceUser;

/** The identifier kinds that are hashed, with the normalisation each needs first. */
const NORMALISE: Record<Exclude<keyof AudienceUser, 'partner_user_id'>, (value: string) => string> = {
  // Emails: trimmed and lower-cased.
  email: (v) => v.trim().toLowerCase(),
  // Phone numbers: the digits of the E.164 form (country code first), no `+`, spaces or punctuation.
  phone_number: (v) => v.trim().replace(/^00/, '').replace(/\D/g, ''),
  // Handles: lower-cased, without the leading `@`.
  handle: (v) => v.trim().replace(/^@+/, '').toLowerCase(),
  // Device advertising ids: lower-cased.
  device_id: (v) => v.trim().toLowerCase(),
  // Platform user ids: the decimal id as it is.
  twitter_id: (v) => v.trim(),
};

const LIMITS = {
  /** Users in one request. */
  usersPerRequest: 2_500,
  /** Bytes of one request body. */
  bodyBytes: 5_000_000,
};

async function sha256Hex(value: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Normalises and SHA-256-hashes every identifier of a user with WebCrypto (the partner's own ids
 * stay as they are). An identifier that is empty after normalisation is a ValidationError.
 */
export async function hashAudienceUser(user: AudienceUser): Promise<HashedAudienceUser> {
  const out: HashedAudienceUser = {};
  for (const [kind, values] of Object.entries(user) as [keyof AudienceUser, string[] | undefined][]) {
    if (values === undefined) continue;
    if (!Array.isArray(values))
      throw new ValidationError(kind, 'type array', `audience user: "${kind}" must be a list of strings`);
    if (kind === 'partner_user_id') {
      out.partner_user_id = [...values];
      continue;
    }
    const normalise = NORMALISE[kind];
    if (!normalise)
      throw new ValidationError(
        kind,
        'identifier kind',
        `audience user: unknown identifier kind "${String(kind)}"`,
      );
    out[kind] = await Promise.all(
      values.map((value, index) => {
        const normalised = typeof value === 'string' ? normalise(value) : '';
        if (normalised === '') {
          throw new ValidationError(
            `${kind}[${index}]`,
            'non-empty',
            `audience user: ${kind}[${index}] is empty after normalisation`,
          );
        }
        return sha256Hex(normalised);
      }),
    );
  }
  if (Object.keys(out).length === 0)
    throw new ValidationError(
      'users',
      'minProperties 1',
      'audience user: a user needs at least one identifier',
    );
  return out;
}

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
  batches: { users: number; success_count: number; total_count: number }[];
}

/** A batch failed, or its counts did not match what was sent; the batches before it were applied. */
export class AudienceUploadError extends Error {
  override readonly name = 'AudienceUploadError';
  constructor(
    /** Index of the failed request (0-based). */
    readonly batch: number,
    /** Users in that request. */
    readonly sent: number,
    message: string,
    /** The counts the server answered with, when it answered 2xx. */
    readonly counts?: { success_count: unknown; total_count: unknown },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Request-level (`errors`) and per-operation (`operation_errors`, by input index) errors of a rejected batch. */
  get batchErrors(): { errors: unknown; operation_errors: unknown } | undefined {
    const cause = this.cause;
    if (!(cause instanceof ApiError) || typeof cause.body !== 'object' || cause.body === null)
      return undefined;
    const body = cause.body as Record<string, unknown>;
    return { errors: body.errors, operation_errors: body.operation_errors };
  }
}

/**
 * Hashes users and uploads them to a custom audience, split into requests within the limits
 * (2,500 users and 5,000,000 bytes each). After each request, `success_count` must equal
 * `total_count` and the number of users sent; otherwise it fails naming the batch.
 */
export async function uploadAudienceUsers(
  client: AudienceUploadClient,
  upload: AudienceUpload,
  options?: UploadOperation['options'],
): Promise<AudienceUploadResult> {
  if (upload.users.length === 0)
    throw new ValidationError('users', 'minItems 1', 'uploadAudienceUsers: no users to upload');
  const hashed = await Promise.all(upload.users.map(hashAudienceUser));
  const timing = {
    ...(upload.effective_at !== undefined && { effective_at: upload.effective_at }),
    ...(upload.expires_at !== undefined && { expires_at: upload.expires_at }),
  };
  const batches = splitIntoBatches(hashed, (users) => [
    { operation_type: upload.operation_type, params: { users, ...timing } },
  ]);
  const result: AudienceUploadResult = { users: hashed.length, batches: [] };
  for (const [index, users] of batches.entries()) {
    const body = [{ operation_type: upload.operation_type, params: { users, ...timing } }];
    let response: unknown;
    try {
      response = await client.call(
        'updateCustomAudienceUsers',
        {
          account_id: upload.account_id,
          custom_audience_id: upload.custom_audience_id,
          body,
        } as UploadOperation['params'],
        options,
      );
    } catch (error) {
      throw new AudienceUploadError(
        index,
        users.length,
        `uploadAudienceUsers: batch ${index + 1} of ${batches.length} (${users.length} users) failed: ${(error as Error).message}`,
        undefined,
        { cause: error },
      );
    }
    const data = (response as { data?: { success_count?: unknown; total_count?: unknown } } | undefined)
      ?.data;
    const counts = { success_count: data?.success_count, total_count: data?.total_count };
    if (counts.success_count !== users.length || counts.total_count !== users.length) {
      throw new AudienceUploadError(
        index,
        users.length,
        `uploadAudienceUsers: batch ${index + 1} of ${batches.length} sent ${users.length} users but the server counted success_count ${String(counts.success_count)}, total_count ${String(counts.total_count)}; retry that batch`,
        counts,
      );
    }
    result.batches.push({ users: users.length, success_count: users.length, total_count: users.length });
  }
  return result;
}

/** Splits users into runs of at most 2,500 whose encoded body stays within 5,000,000 bytes. */
function splitIntoBatches(
  users: HashedAudienceUser[],
  bodyOf: (users: HashedAudienceUser[]) => unknown,
): HashedAudienceUser[][] {
  const encoder = new TextEncoder();
  const size = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;
  const envelope = size(bodyOf([]));
  const batches: HashedAudienceUser[][] = [];
  let current: HashedAudienceUser[] = [];
  let bytes = envelope;
  for (const user of users) {
    const userBytes = size(user) + 1;
    if (envelope + userBytes > LIMITS.bodyBytes) {
      throw new ValidationError(
        'users',
        `maxBodyBytes ${LIMITS.bodyBytes}`,
        'uploadAudienceUsers: one user alone is larger than a request may be',
      );
    }
    if (current.length === LIMITS.usersPerRequest || bytes + userBytes > LIMITS.bodyBytes) {
      batches.push(current);
      current = [];
      bytes = envelope;
    }
    current.push(user);
    bytes += userBytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
