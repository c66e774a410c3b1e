import { OutputError } from '../errors.ts';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file is in the way (not a folder)',
  EEXIST: 'a file is in the way',
  EISDIR: 'a folder is in the way',
  ENOENT: 'the folder cannot be created there',
  ENAMETOOLONG: 'the path is too long',
  EBUSY: 'the folder is in use',
  EXDEV: 'cannot move across file systems',
  EMFILE: 'too many open files',
  EINVAL: 'invalid path',
};

/** A file-system error from writing `out` as one line (`cannot write <out>: <reason> (<path>)`), or the error itself when it is not one. */
export function outputError(error: unknown, out: string): unknown {
  if (error instanceof OutputError) return error;
  const e = error as NodeJS.ErrnoException;
  if (!(error instanceof Error) || typeof e.code !== 'string') return error;
  const reason = REASONS[e.code] ?? e.code;
  // The staging and retired folders beside the package are xgen's own business: name their parent.
  const path =
    typeof e.path === 'string' && /\.xgen-(new|old)-\d+/.test(e.path)
      ? e.path.replace(/\/?\.[^/]*\.xgen-(new|old)-\d+.*$/, '') || '/'
      : e.path;
  const at = typeof path === 'string' && path !== out ? ` (${e.syscall ?? 'at'} ${path})` : '';
  return new OutputError(`cannot write ${out}: ${reason}${at}`);
}
