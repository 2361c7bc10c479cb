import type { Config } from '../config/config.js';
import { type EnvValues, envFlag, envText, envUrl } from '../config/env-fields.js';

/** Where files are kept: the data folder by default, or S3-compatible object storage. */
export type BlobsConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Prefix of every object key ('' or ending in '/'). */
      prefix: string;
      /** The service's address (MinIO, Ceph, a cloud's S3 API); AWS's by the region when absent. */
      endpoint: string | undefined;
      region: string;
      /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible servers want. */
      forcePathStyle: boolean;
    };

/**
 * The object storage variables. Credentials are not among them: the AWS SDK reads its own (`AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, a profile, or an instance role).
 */
export const blobEnv = {
  QOLTANBA_BLOBS: envText(),
  QOLTANBA_S3_ENDPOINT: envUrl(/^https?$/),
  QOLTANBA_S3_REGION: envText(),
  QOLTANBA_S3_FORCE_PATH_STYLE: envFlag(),
};

/** `s3://bucket/prefix` as bucket and prefix; throws an Error naming the variable when malformed. */
export function parseBlobsUrl(value: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value.trim());
  if (!match?.[1]) {
    throw new Error(
      `QOLTANBA_BLOBS: expected "local" or s3://bucket/prefix (e.g. s3://qoltanba-files/prod), got ${JSON.stringify(value)}`,
    );
  }
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix === '' ? '' : `${prefix}/` };
}

/** The blob settings of {@link blobEnv}'s values. */
export function blobSettings(
  e: EnvValues<typeof blobEnv>,
  env: Record<string, string | undefined>,
): Pick<Config, 'blobs'> {
  const value = e.QOLTANBA_BLOBS?.trim();
  if (value === undefined || value === '' || value === 'local') return { blobs: { kind: 'local' } };
  const { bucket, prefix } = parseBlobsUrl(value);
  return {
    blobs: {
      kind: 's3',
      bucket,
      prefix,
      endpoint: e.QOLTANBA_S3_ENDPOINT,
      region: e.QOLTANBA_S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
      forcePathStyle: e.QOLTANBA_S3_FORCE_PATH_STYLE ?? e.QOLTANBA_S3_ENDPOINT !== undefined,
    },
  };
}
