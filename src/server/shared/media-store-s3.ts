import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "./config.ts";
import { MediaKeyError, type MediaStore, mediaKey } from "./media-store.ts";

/**
 * The media store on S3-compatible object storage (docs/decisions/027-s3-media-store.md): AWS S3,
 * MinIO, Garage, Scaleway, OVH… Keys are the same as the folder's (checked by `mediaKey`). A file
 * moved in goes up in one PUT, or in parts past `multipartThreshold` (a film's original); reads
 * are ranged GETs; the stream either proxies them or answers with a short-lived signed URL.
 */
export interface S3StoreOptions {
  /** Files above this go up in parts (default 64 MiB). */
  multipartThreshold?: number;
  /** Size of each part (default 16 MiB; S3's floor is 5 MiB). */
  partSize?: number;
}

type S3Settings = NonNullable<Config["s3"]>;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
};

export function s3Store(settings: S3Settings, opts: S3StoreOptions = {}): MediaStore {
  const threshold = opts.multipartThreshold ?? 64 * 1024 * 1024;
  const partSize = opts.partSize ?? 16 * 1024 * 1024;
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default (since 3.729) streams bodies as
    // aws-chunked with a CRC trailer, which several S3-compatible servers store as it is.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;

  async function putMultipart(Key: string, file: string, size: number, ContentType?: string) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ...(ContentType ? { ContentType } : {}) }),
    );
    if (!UploadId) throw new Error("S3 gave no upload id");
    try {
      const handle = await fs.open(file, "r");
      const parts: { ETag: string; PartNumber: number }[] = [];
      try {
        for (let offset = 0, n = 1; offset < size; offset += partSize, n += 1) {
          const length = Math.min(partSize, size - offset);
          const body = Buffer.alloc(length);
          await handle.read(body, 0, length, offset);
          const { ETag } = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: n, Body: body }),
          );
          parts.push({ ETag: ETag ?? "", PartNumber: n });
        }
      } finally {
        await handle.close();
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (err) {
      // An upload that failed leaves no parts behind (nor a half object: S3 shows none until complete).
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
  }

  async function* list(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: prefix,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const prefixOf = (prefix: string) => (prefix === "" ? "" : `${mediaKey(prefix)}/`);

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const Body =
        typeof body === "string" || body instanceof Uint8Array
          ? body
          : Buffer.concat(await (body as Readable).toArray());
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: mediaKey(key),
          Body,
          ...(contentType ? { ContentType: contentType } : {}),
        }),
      );
    },
    async putFile(key, file, contentType) {
      const Key = mediaKey(key);
      const { size } = await fs.stat(file);
      if (size > threshold) await putMultipart(Key, file, size, contentType);
      else {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: createReadStream(file),
            ContentLength: size,
            ...(contentType ? { ContentType: contentType } : {}),
          }),
        );
      }
      await fs.rm(file, { force: true });
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: mediaKey(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      try {
        const got = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: mediaKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return got.Body instanceof Readable ? got.Body : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    localPath: () => null,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: mediaKey(key) }));
    },
    async deletePrefix(prefix) {
      if (prefix === "") throw new MediaKeyError("refusing to delete the whole store");
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
      };
      for await (const item of list(prefixOf(prefix))) {
        batch.push({ Key: item.key });
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    async usage(prefix) {
      let total = 0;
      for await (const item of list(prefixOf(prefix))) total += item.size;
      return total;
    },
    signedUrl: (key) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: mediaKey(key) }), {
        expiresIn: settings.presignSeconds,
      }),
  };
}
