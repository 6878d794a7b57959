// s3rver ships no types; this is the part the tests use.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Called by run(): a promise of the listening server, or with a callback the server itself. */
    listen(port: number, address: string, options: object, callback?: () => void): import("node:http").Server | Promise<import("node:http").Server>;
    close(): Promise<void>;
  }
}
