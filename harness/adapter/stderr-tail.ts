/** Keeps the last `limit` characters of a stream of text: enough to explain a crash, bounded whatever the adapter prints. */
export class StderrTail {
  private text = "";
  constructor(private readonly limit = 4000) {}

  /** Appends a chunk, dropping the oldest text past the limit. */
  push(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.limit);
  }

  /** The kept tail. */
  toString(): string {
    return this.text;
  }
}
