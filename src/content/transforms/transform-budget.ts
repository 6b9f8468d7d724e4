import { TransformArgumentError } from './transform-argument-error';

/**
 * What one request may draw (docs/content-directives.md#transform-limits: one token request with 40
 * aliased 4096×4096 transforms took 18 s and wrote 1.4 GB): new transform files, by count and by
 * output bytes (CONTENT_TRANSFORM_MAX_PER_REQUEST, CONTENT_TRANSFORM_MAX_BYTES_PER_REQUEST; 0 =
 * off). Files already generated cost nothing; a transform refused is drawn by a later request.
 */
export class TransformBudget {
  private renders = 0;
  private bytes = 0;

  constructor(
    private readonly maxRenders: number,
    private readonly maxBytes: number,
  ) {}

  /** Before a new file is drawn; throws (a GraphQL error on the field) once the budget is spent. */
  admit(): void {
    if (this.maxRenders > 0 && this.renders >= this.maxRenders) {
      throw new TransformArgumentError(
        `This request has generated ${this.maxRenders} new image transforms, the most one request may; ask again for the others`,
      );
    }
    if (this.maxBytes > 0 && this.bytes >= this.maxBytes) {
      throw new TransformArgumentError(
        `This request has generated ${this.maxBytes} bytes of image transforms, the most one request may; ask again for the others`,
      );
    }
    this.renders++;
  }

  /** After a file is drawn: its size. */
  charge(bytes: number): void {
    this.bytes += bytes;
  }
}
