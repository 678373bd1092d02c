/** The part of s3rver (a local S3-compatible server, tests only) the tests use; it ships no types. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
